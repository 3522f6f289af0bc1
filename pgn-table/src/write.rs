//! Writing a table: [`ParquetTable`], a Parquet file compressed with zstd
//! whose row groups are encoded on a thread of their own, and
//! [`IpcTable`], an Arrow IPC stream.

use std::io::{self, Write};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::JoinHandle;

use arrow_array::RecordBatch;
use arrow_schema::{ArrowError, SchemaRef};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, Encoding, ZstdLevel};
use parquet::errors::ParquetError;
use parquet::file::metadata::KeyValue;
use parquet::file::properties::{EnabledStatistics, WriterProperties};

use crate::schema::{SCHEMA_VERSION, SCHEMA_VERSION_KEY};

/// The zstd level of the Parquet files: zstd's own default, which
/// compresses well at a speed that keeps up with the replay.
const ZSTD_LEVEL: i32 = 3;

/// The Parquet writer's properties: zstd, a row group per batch (the
/// writer is flushed after each), and the schema version in the file's
/// key-value metadata.
///
/// The moves' text columns and the file names have no statistics: the
/// least and greatest SAN, UCI, FEN or path of a page select nothing,
/// nor do those of the file names of a row group (one name, or a few),
/// and comparing every value for them is a good part of the encoding's
/// work. Offsets, plies and game numbers are written as
/// deltas with no dictionary: runs and steps of one.
pub fn parquet_properties() -> WriterProperties {
    // Level 3 is within zstd's levels (1 to 22).
    let level = ZstdLevel::try_new(ZSTD_LEVEL).unwrap_or_default();
    let mut properties = WriterProperties::builder()
        .set_compression(Compression::ZSTD(level))
        .set_max_row_group_row_count(None)
        .set_key_value_metadata(Some(vec![KeyValue::new(
            SCHEMA_VERSION_KEY.to_owned(),
            SCHEMA_VERSION.to_owned(),
        )]));
    for column in ["file", "san", "uci", "fen", "path"] {
        properties =
            properties.set_column_statistics_enabled(column.into(), EnabledStatistics::None);
    }
    for column in ["offset", "ply", "number"] {
        properties = properties
            .set_column_dictionary_enabled(column.into(), false)
            .set_column_encoding(column.into(), Encoding::DELTA_BINARY_PACKED);
    }
    properties.build()
}

fn parquet_error(err: ParquetError) -> io::Error {
    match err {
        ParquetError::External(err) => match err.downcast::<io::Error>() {
            Ok(err) => *err,
            Err(err) => io::Error::other(err),
        },
        err => io::Error::other(err),
    }
}

fn arrow_error(err: ArrowError) -> io::Error {
    match err {
        ArrowError::IoError(_, err) => err,
        err => io::Error::other(err),
    }
}

/// A table written to a Parquet file as it is made: each batch given is
/// a row group, encoded and compressed on a thread of the writer's own,
/// so that the thread that makes the batches goes on with the next one.
/// At most one batch waits to be encoded: memory stays bounded by a few
/// batches.
#[derive(Debug)]
pub struct ParquetTable {
    batches: Option<SyncSender<RecordBatch>>,
    encoder: Option<JoinHandle<io::Result<()>>>,
}

impl ParquetTable {
    /// Starts writing a Parquet file of `schema` to `out`.
    ///
    /// # Errors
    ///
    /// The schema cannot be written as Parquet (none of ours), or the
    /// thread cannot be started.
    pub fn new<W: Write + Send + 'static>(out: W, schema: SchemaRef) -> io::Result<ParquetTable> {
        let writer =
            ArrowWriter::try_new(out, schema, Some(parquet_properties())).map_err(parquet_error)?;
        let (batches, received) = sync_channel(1);
        let encoder = std::thread::Builder::new()
            .name("parquet".to_owned())
            .spawn(move || encode(writer, &received))?;
        Ok(ParquetTable { batches: Some(batches), encoder: Some(encoder) })
    }

    /// Hands a batch to the encoder: the next row group.
    ///
    /// # Errors
    ///
    /// The encoder has stopped on an error (writing the file): that error.
    pub fn write(&mut self, batch: RecordBatch) -> io::Result<()> {
        let sent = self.batches.as_ref().map(|batches| batches.send(batch));
        match sent {
            Some(Ok(())) => Ok(()),
            // The encoder has stopped: its error says why.
            _ => self.finish_encoder(),
        }
    }

    /// Ends the file: the last row group, then the footer.
    ///
    /// # Errors
    ///
    /// Writing the file failed.
    pub fn finish(mut self) -> io::Result<()> {
        self.finish_encoder()
    }

    fn finish_encoder(&mut self) -> io::Result<()> {
        self.batches = None;
        let Some(encoder) = self.encoder.take() else {
            return Err(io::Error::other("the Parquet file was ended before"));
        };
        match encoder.join() {
            Ok(result) => result,
            Err(_) => Err(io::Error::other("the Parquet encoder stopped")),
        }
    }
}

impl Drop for ParquetTable {
    fn drop(&mut self) {
        // A table dropped unfinished: the encoder ends with what it has.
        self.batches = None;
        if let Some(encoder) = self.encoder.take() {
            let _ = encoder.join();
        }
    }
}

/// The encoder's thread: each batch a row group, then the footer.
fn encode<W: Write + Send>(
    mut writer: ArrowWriter<W>,
    batches: &Receiver<RecordBatch>,
) -> io::Result<()> {
    for batch in batches {
        writer.write(&batch).map_err(parquet_error)?;
        writer.flush().map_err(parquet_error)?;
    }
    let mut out = writer.into_inner().map_err(parquet_error)?;
    out.flush()
}

/// A table written as an Arrow IPC stream (the schema, then each batch as
/// it comes), for a reader at the other end of a pipe.
pub struct IpcTable<W: Write> {
    writer: arrow_ipc::writer::StreamWriter<W>,
}

impl<W: Write> IpcTable<W> {
    /// Starts the stream: writes the schema.
    ///
    /// # Errors
    ///
    /// Writing fails.
    pub fn new(out: W, schema: &SchemaRef) -> io::Result<IpcTable<W>> {
        let writer = arrow_ipc::writer::StreamWriter::try_new(out, schema).map_err(arrow_error)?;
        Ok(IpcTable { writer })
    }

    /// Writes a batch.
    ///
    /// # Errors
    ///
    /// Writing fails.
    pub fn write(&mut self, batch: &RecordBatch) -> io::Result<()> {
        self.writer.write(batch).map_err(arrow_error)
    }

    /// Ends the stream and gives the output back.
    ///
    /// # Errors
    ///
    /// Writing fails.
    pub fn finish(mut self) -> io::Result<W> {
        self.writer.finish().map_err(arrow_error)?;
        self.writer.into_inner().map_err(arrow_error)
    }
}

impl<W: Write> std::fmt::Debug for IpcTable<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IpcTable").finish_non_exhaustive()
    }
}
