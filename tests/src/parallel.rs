//! A parallel map over a slice on scoped threads, for the long checks.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

/// Applies `f` to every item on as many threads as the machine has cores
/// and returns the results in the order of `items`.
///
/// Items are handed out one at a time, so a few expensive items do not keep
/// the other threads idle. A panic in `f` is resumed on the calling thread.
pub(crate) fn parallel_map<T, R, F>(items: &[T], f: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync,
{
    let threads = thread::available_parallelism().map_or(1, NonZeroUsize::get);
    let threads = threads.clamp(1, items.len().max(1));
    let next = AtomicUsize::new(0);
    let (next, f) = (&next, &f);
    let mut results: Vec<(usize, R)> = thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(move || {
                    let mut done = Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(index) else { break };
                        done.push((index, f(item)));
                    }
                    done
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| {
                worker.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    results.sort_unstable_by_key(|&(index, _)| index);
    results.into_iter().map(|(_, result)| result).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_order() {
        let items: Vec<u64> = (0..1000).collect();
        let squares = parallel_map(&items, |n| n * n);
        assert_eq!(squares, items.iter().map(|n| n * n).collect::<Vec<_>>());
        assert!(parallel_map(&[] as &[u8], |&b| b).is_empty());
    }
}
