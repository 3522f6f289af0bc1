//! Country codes of the Site tag (§8.1.1.2, §15): the list of the
//! standard, the federation codes FIDE uses today, and where a Site value
//! names its country (ruling T8).
//!
//! ```
//! use pgn_syntax::tags::ioc;
//!
//! assert_eq!(ioc::country("RUS"), Some("Russia"));
//! assert_eq!(ioc::country("NED"), None);
//! assert_eq!(ioc::fide_federation("NED"), Some("Netherlands"));
//! assert_eq!(ioc::site_code(b"St. Petersburg RUS"), Some(&b"RUS"[..]));
//! assert_eq!(ioc::site_code(b"https://lichess.org/abc"), None);
//! assert!(ioc::is_known_site_code(b"ENG"));
//! assert!(!ioc::is_known_site_code(b"XYZ"));
//! ```

/// The country codes of §15, with their names, in the order (and the
/// spelling) of the standard. Besides countries it has a few places of its
/// own: `AIR` aboard aircraft, `ATA` Antarctica, `NET` the Internet, `SEA`
/// at sea, `SPC` aboard spacecraft, `UNK` unknown; and the nations of the
/// United Kingdom (`ENG`, `SCO`, `WLS`), as chess federations count them.
pub const IOC_CODES: [(&str, &str); 152] = [
    ("AFG", "Afghanistan"),
    ("AIR", "Aboard aircraft"),
    ("ALB", "Albania"),
    ("ALG", "Algeria"),
    ("AND", "Andorra"),
    ("ANG", "Angola"),
    ("ANT", "Antigua"),
    ("ARG", "Argentina"),
    ("ARM", "Armenia"),
    ("ATA", "Antarctica"),
    ("AUS", "Australia"),
    ("AZB", "Azerbaijan"),
    ("BAN", "Bangladesh"),
    ("BAR", "Bahrain"),
    ("BHM", "Bahamas"),
    ("BEL", "Belgium"),
    ("BER", "Bermuda"),
    ("BIH", "Bosnia and Herzegovina"),
    ("BLA", "Belarus"),
    ("BLG", "Bulgaria"),
    ("BLZ", "Belize"),
    ("BOL", "Bolivia"),
    ("BRB", "Barbados"),
    ("BRS", "Brazil"),
    ("BRU", "Brunei"),
    ("BSW", "Botswana"),
    ("CAN", "Canada"),
    ("CHI", "Chile"),
    ("COL", "Columbia"),
    ("CRA", "Costa Rica"),
    ("CRO", "Croatia"),
    ("CSR", "Czechoslovakia"),
    ("CUB", "Cuba"),
    ("CYP", "Cyprus"),
    ("DEN", "Denmark"),
    ("DOM", "Dominican Republic"),
    ("ECU", "Ecuador"),
    ("EGY", "Egypt"),
    ("ENG", "England"),
    ("ESP", "Spain"),
    ("EST", "Estonia"),
    ("FAI", "Faroe Islands"),
    ("FIJ", "Fiji"),
    ("FIN", "Finland"),
    ("FRA", "France"),
    ("GAM", "Gambia"),
    ("GCI", "Guernsey-Jersey"),
    ("GEO", "Georgia"),
    ("GER", "Germany"),
    ("GHA", "Ghana"),
    ("GRC", "Greece"),
    ("GUA", "Guatemala"),
    ("GUY", "Guyana"),
    ("HAI", "Haiti"),
    ("HKG", "Hong Kong"),
    ("HON", "Honduras"),
    ("HUN", "Hungary"),
    ("IND", "India"),
    ("IRL", "Ireland"),
    ("IRN", "Iran"),
    ("IRQ", "Iraq"),
    ("ISD", "Iceland"),
    ("ISR", "Israel"),
    ("ITA", "Italy"),
    ("IVO", "Ivory Coast"),
    ("JAM", "Jamaica"),
    ("JAP", "Japan"),
    ("JRD", "Jordan"),
    ("JUG", "Yugoslavia"),
    ("KAZ", "Kazakhstan"),
    ("KEN", "Kenya"),
    ("KIR", "Kyrgyzstan"),
    ("KUW", "Kuwait"),
    ("LAT", "Latvia"),
    ("LEB", "Lebanon"),
    ("LIB", "Libya"),
    ("LIC", "Liechtenstein"),
    ("LTU", "Lithuania"),
    ("LUX", "Luxembourg"),
    ("MAL", "Malaysia"),
    ("MAU", "Mauritania"),
    ("MEX", "Mexico"),
    ("MLI", "Mali"),
    ("MLT", "Malta"),
    ("MNC", "Monaco"),
    ("MOL", "Moldova"),
    ("MON", "Mongolia"),
    ("MOZ", "Mozambique"),
    ("MRC", "Morocco"),
    ("MRT", "Mauritius"),
    ("MYN", "Myanmar"),
    ("NCG", "Nicaragua"),
    ("NET", "The Internet"),
    ("NIG", "Nigeria"),
    ("NLA", "Netherlands Antilles"),
    ("NLD", "Netherlands"),
    ("NOR", "Norway"),
    ("NZD", "New Zealand"),
    ("OST", "Austria"),
    ("PAK", "Pakistan"),
    ("PAL", "Palestine"),
    ("PAN", "Panama"),
    ("PAR", "Paraguay"),
    ("PER", "Peru"),
    ("PHI", "Philippines"),
    ("PNG", "Papua New Guinea"),
    ("POL", "Poland"),
    ("POR", "Portugal"),
    ("PRC", "People's Republic of China"),
    ("PRO", "Puerto Rico"),
    ("QTR", "Qatar"),
    ("RIN", "Indonesia"),
    ("ROM", "Romania"),
    ("RUS", "Russia"),
    ("SAF", "South Africa"),
    ("SAL", "El Salvador"),
    ("SCO", "Scotland"),
    ("SEA", "At Sea"),
    ("SEN", "Senegal"),
    ("SEY", "Seychelles"),
    ("SIP", "Singapore"),
    ("SLV", "Slovenia"),
    ("SMA", "San Marino"),
    ("SPC", "Aboard spacecraft"),
    ("SRI", "Sri Lanka"),
    ("SUD", "Sudan"),
    ("SUR", "Surinam"),
    ("SVE", "Sweden"),
    ("SWZ", "Switzerland"),
    ("SYR", "Syria"),
    ("TAI", "Thailand"),
    ("TMT", "Turkmenistan"),
    ("TRK", "Turkey"),
    ("TTO", "Trinidad and Tobago"),
    ("TUN", "Tunisia"),
    ("UAE", "United Arab Emirates"),
    ("UGA", "Uganda"),
    ("UKR", "Ukraine"),
    ("UNK", "Unknown"),
    ("URU", "Uruguay"),
    ("USA", "United States of America"),
    ("UZB", "Uzbekistan"),
    ("VEN", "Venezuela"),
    ("VGB", "British Virgin Islands"),
    ("VIE", "Vietnam"),
    ("VUS", "U.S. Virgin Islands"),
    ("WLS", "Wales"),
    ("YEM", "Yemen"),
    ("YUG", "Yugoslavia"),
    ("ZAM", "Zambia"),
    ("ZIM", "Zimbabwe"),
    ("ZRE", "Zaire"),
];

/// The federation codes FIDE uses in its rating lists and in the Site
/// tags of the games of its events (and that TWIC writes), sorted by
/// code, with the name of the federation; and six codes of federations
/// that no longer exist but that old games still give (`URS`, `TCH`,
/// `YUG`, `FRG`, `GDR`, `SCG`). Checked against the federations of
/// FIDE's rating site in 2025. Most differ from §15's codes of 1994
/// (`NED`, not `NLD`; `SUI`, not `SWZ`, which FIDE now gives Eswatini).
pub const FIDE_FEDERATIONS: [(&str, &str); 210] = [
    ("AFG", "Afghanistan"),
    ("AHO", "Netherlands Antilles"),
    ("ALB", "Albania"),
    ("ALG", "Algeria"),
    ("AND", "Andorra"),
    ("ANG", "Angola"),
    ("ANT", "Antigua and Barbuda"),
    ("ARG", "Argentina"),
    ("ARM", "Armenia"),
    ("ARU", "Aruba"),
    ("AUS", "Australia"),
    ("AUT", "Austria"),
    ("AZE", "Azerbaijan"),
    ("BAH", "Bahamas"),
    ("BAN", "Bangladesh"),
    ("BAR", "Barbados"),
    ("BDI", "Burundi"),
    ("BEL", "Belgium"),
    ("BER", "Bermuda"),
    ("BHU", "Bhutan"),
    ("BIH", "Bosnia and Herzegovina"),
    ("BIZ", "Belize"),
    ("BLR", "Belarus"),
    ("BOL", "Bolivia"),
    ("BOT", "Botswana"),
    ("BRA", "Brazil"),
    ("BRN", "Bahrain"),
    ("BRU", "Brunei"),
    ("BUL", "Bulgaria"),
    ("BUR", "Burkina Faso"),
    ("CAF", "Central African Republic"),
    ("CAM", "Cambodia"),
    ("CAN", "Canada"),
    ("CAY", "Cayman Islands"),
    ("CGO", "Congo"),
    ("CHA", "Chad"),
    ("CHI", "Chile"),
    ("CHN", "China"),
    ("CIV", "Ivory Coast"),
    ("CMR", "Cameroon"),
    ("COD", "DR Congo"),
    ("COL", "Colombia"),
    ("COM", "Comoros"),
    ("CPV", "Cape Verde"),
    ("CRC", "Costa Rica"),
    ("CRO", "Croatia"),
    ("CUB", "Cuba"),
    ("CYP", "Cyprus"),
    ("CZE", "Czech Republic"),
    ("DEN", "Denmark"),
    ("DJI", "Djibouti"),
    ("DMA", "Dominica"),
    ("DOM", "Dominican Republic"),
    ("ECU", "Ecuador"),
    ("EGY", "Egypt"),
    ("ENG", "England"),
    ("ERI", "Eritrea"),
    ("ESA", "El Salvador"),
    ("ESP", "Spain"),
    ("EST", "Estonia"),
    ("ETH", "Ethiopia"),
    ("FAI", "Faroe Islands"),
    ("FID", "FIDE"),
    ("FIJ", "Fiji"),
    ("FIN", "Finland"),
    ("FRA", "France"),
    ("FRG", "West Germany"),
    ("GAB", "Gabon"),
    ("GAM", "Gambia"),
    ("GCI", "Guernsey"),
    ("GDR", "East Germany"),
    ("GEO", "Georgia"),
    ("GEQ", "Equatorial Guinea"),
    ("GER", "Germany"),
    ("GHA", "Ghana"),
    ("GRE", "Greece"),
    ("GRN", "Grenada"),
    ("GUA", "Guatemala"),
    ("GUM", "Guam"),
    ("GUY", "Guyana"),
    ("HAI", "Haiti"),
    ("HKG", "Hong Kong"),
    ("HON", "Honduras"),
    ("HUN", "Hungary"),
    ("INA", "Indonesia"),
    ("IND", "India"),
    ("IOM", "Isle of Man"),
    ("IRI", "Iran"),
    ("IRL", "Ireland"),
    ("IRQ", "Iraq"),
    ("ISL", "Iceland"),
    ("ISR", "Israel"),
    ("ISV", "US Virgin Islands"),
    ("ITA", "Italy"),
    ("IVB", "British Virgin Islands"),
    ("JAM", "Jamaica"),
    ("JCI", "Jersey"),
    ("JOR", "Jordan"),
    ("JPN", "Japan"),
    ("KAZ", "Kazakhstan"),
    ("KEN", "Kenya"),
    ("KGZ", "Kyrgyzstan"),
    ("KOR", "South Korea"),
    ("KOS", "Kosovo"),
    ("KSA", "Saudi Arabia"),
    ("KUW", "Kuwait"),
    ("LAO", "Laos"),
    ("LAT", "Latvia"),
    ("LBA", "Libya"),
    ("LBN", "Lebanon"),
    ("LBR", "Liberia"),
    ("LCA", "Saint Lucia"),
    ("LES", "Lesotho"),
    ("LIE", "Liechtenstein"),
    ("LTU", "Lithuania"),
    ("LUX", "Luxembourg"),
    ("MAC", "Macau"),
    ("MAD", "Madagascar"),
    ("MAR", "Morocco"),
    ("MAS", "Malaysia"),
    ("MAW", "Malawi"),
    ("MDA", "Moldova"),
    ("MDV", "Maldives"),
    ("MEX", "Mexico"),
    ("MGL", "Mongolia"),
    ("MKD", "North Macedonia"),
    ("MLI", "Mali"),
    ("MLT", "Malta"),
    ("MNC", "Monaco"),
    ("MNE", "Montenegro"),
    ("MOZ", "Mozambique"),
    ("MRI", "Mauritius"),
    ("MTN", "Mauritania"),
    ("MYA", "Myanmar"),
    ("NAM", "Namibia"),
    ("NCA", "Nicaragua"),
    ("NED", "Netherlands"),
    ("NEP", "Nepal"),
    ("NGR", "Nigeria"),
    ("NIG", "Niger"),
    ("NOR", "Norway"),
    ("NRU", "Nauru"),
    ("NZL", "New Zealand"),
    ("OMA", "Oman"),
    ("PAK", "Pakistan"),
    ("PAN", "Panama"),
    ("PAR", "Paraguay"),
    ("PER", "Peru"),
    ("PHI", "Philippines"),
    ("PLE", "Palestine"),
    ("PLW", "Palau"),
    ("PNG", "Papua New Guinea"),
    ("POL", "Poland"),
    ("POR", "Portugal"),
    ("PUR", "Puerto Rico"),
    ("QAT", "Qatar"),
    ("ROU", "Romania"),
    ("RSA", "South Africa"),
    ("RUS", "Russia"),
    ("RWA", "Rwanda"),
    ("SCG", "Serbia and Montenegro"),
    ("SCO", "Scotland"),
    ("SEN", "Senegal"),
    ("SEY", "Seychelles"),
    ("SGP", "Singapore"),
    ("SKN", "Saint Kitts and Nevis"),
    ("SLE", "Sierra Leone"),
    ("SLO", "Slovenia"),
    ("SMR", "San Marino"),
    ("SOL", "Solomon Islands"),
    ("SOM", "Somalia"),
    ("SRB", "Serbia"),
    ("SRI", "Sri Lanka"),
    ("SSD", "South Sudan"),
    ("STP", "Sao Tome and Principe"),
    ("SUD", "Sudan"),
    ("SUI", "Switzerland"),
    ("SUR", "Suriname"),
    ("SVK", "Slovakia"),
    ("SWE", "Sweden"),
    ("SWZ", "Eswatini"),
    ("SYR", "Syria"),
    ("TAN", "Tanzania"),
    ("TCH", "Czechoslovakia"),
    ("TGA", "Tonga"),
    ("THA", "Thailand"),
    ("TJK", "Tajikistan"),
    ("TKM", "Turkmenistan"),
    ("TLS", "Timor-Leste"),
    ("TOG", "Togo"),
    ("TPE", "Chinese Taipei"),
    ("TTO", "Trinidad and Tobago"),
    ("TUN", "Tunisia"),
    ("TUR", "Turkey"),
    ("UAE", "United Arab Emirates"),
    ("UGA", "Uganda"),
    ("UKR", "Ukraine"),
    ("URS", "Soviet Union"),
    ("URU", "Uruguay"),
    ("USA", "United States of America"),
    ("UZB", "Uzbekistan"),
    ("VAN", "Vanuatu"),
    ("VEN", "Venezuela"),
    ("VIE", "Vietnam"),
    ("VIN", "Saint Vincent and the Grenadines"),
    ("WLS", "Wales"),
    ("YEM", "Yemen"),
    ("YUG", "Yugoslavia"),
    ("ZAM", "Zambia"),
    ("ZIM", "Zimbabwe"),
];

/// The name §15 gives the country code `code` (three upper-case letters,
/// as written in a Site tag), or `None` if §15 does not list it.
pub fn country(code: impl AsRef<[u8]>) -> Option<&'static str> {
    let code = code.as_ref();
    IOC_CODES.iter().find(|(c, _)| c.as_bytes() == code).map(|&(_, name)| name)
}

/// The federation that FIDE's code `code` names ([`FIDE_FEDERATIONS`]),
/// or `None`.
pub fn fide_federation(code: impl AsRef<[u8]>) -> Option<&'static str> {
    let code = code.as_ref();
    FIDE_FEDERATIONS
        .binary_search_by(|(c, _)| c.as_bytes().cmp(code))
        .ok()
        .and_then(|i| FIDE_FEDERATIONS.get(i))
        .map(|&(_, name)| name)
}

/// Whether a Site value may end in `code` without a note (ruling T8): a
/// code of §15 or of FIDE.
pub fn is_known_site_code(code: impl AsRef<[u8]>) -> bool {
    let code = code.as_ref();
    country(code).is_some() || fide_federation(code).is_some()
}

/// The country code a Site value ends in (ruling T8), if it ends in one:
/// the value, without white space around it, is two or more words
/// separated by spaces, and the last word is three ASCII upper-case
/// letters (`"Riga LAT"`, `"New York City, NY USA"`). A value of one word
/// (`"?"`, `"ICC"`, a URL) names no country this way.
///
/// The code is not looked up: see [`is_known_site_code`].
pub fn site_code(site: &[u8]) -> Option<&[u8]> {
    let site = site.trim_ascii();
    let space = site.iter().rposition(|&b| b == b' ')?;
    let (before, last) = site.split_at(space);
    let last = last.get(1..)?;
    let is_code = last.len() == 3 && last.iter().all(u8::is_ascii_uppercase);
    (is_code && !before.trim_ascii().is_empty()).then_some(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_list_is_whole() {
        assert_eq!(IOC_CODES.first(), Some(&("AFG", "Afghanistan")));
        assert_eq!(IOC_CODES.last(), Some(&("ZRE", "Zaire")));
        for (i, (code, name)) in IOC_CODES.iter().enumerate() {
            assert!(code.len() == 3 && code.bytes().all(|b| b.is_ascii_uppercase()), "{code}");
            assert!(!name.is_empty());
            assert_eq!(country(code), Some(*name));
            assert!(IOC_CODES[i + 1..].iter().all(|(other, _)| other != code), "{code}");
        }
        assert_eq!(country("ENG"), Some("England"));
        assert_eq!(country("eng"), None);
        assert_eq!(country(""), None);
    }

    #[test]
    fn the_fide_list_is_sorted() {
        for pair in FIDE_FEDERATIONS.windows(2) {
            assert!(pair[0].0 < pair[1].0, "{pair:?}");
        }
        for (code, name) in FIDE_FEDERATIONS {
            assert!(code.len() == 3 && code.bytes().all(|b| b.is_ascii_uppercase()), "{code}");
            assert_eq!(fide_federation(code), Some(name));
        }
        assert_eq!(fide_federation("CHN"), Some("China"));
        assert_eq!(fide_federation("URS"), Some("Soviet Union"));
        assert_eq!(fide_federation("NLD"), None);
    }

    #[test]
    fn where_a_site_ends_in_a_code() {
        let cases: [(&[u8], Option<&[u8]>); 12] = [
            (b"Moscow RUS", Some(b"RUS")),
            (b"New York City, NY USA", Some(b"USA")),
            (b" Riga LAT ", Some(b"LAT")),
            (b"Moscow XYZ", Some(b"XYZ")),
            (b"?", None),
            (b"RUS", None),
            (b" RUS", None),
            (b"https://lichess.org/abc", None),
            (b"Moscow Rus", None),
            (b"Moscow RUSS", None),
            (b"Moscow, RUS.", None),
            (b"", None),
        ];
        for (site, code) in cases {
            assert_eq!(site_code(site), code, "{site:?}");
        }
        assert!(is_known_site_code("NED") && is_known_site_code("NLD"));
        assert!(!is_known_site_code("XYZ"));
    }
}
