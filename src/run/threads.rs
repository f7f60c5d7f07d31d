//! Worker threads, for every front end alike: how many a run may ask for, and the thread
//! pools kept between runs.
//!
//! - **The cap.** A run asks for at most [`limit`] threads: 8 a core, and never less than 64.
//!   More only queue for the same cores, and a mistyped `-j 100000` (or Python's
//!   `threads=10**6`) would start that many threads and stall the machine: it is refused,
//!   saying the limit.
//! - **The pools.** Starting a rayon pool costs a thread spawn a thread, which a small Python
//!   call would feel. A run borrows a pool of its size ([`lend`]); the pool comes back when the
//!   run drops it, and is kept for the next run of that size. Two runs at once each get their
//!   own pool, so neither waits for the other. The pools kept idle hold at most
//!   [`IDLE_THREADS_PER_CORE`] threads a core all together (and at least one pool): calls with
//!   every size from 1 to 40 leave a few pools, not hundreds of idle threads.

use std::ops::Deref;
use std::sync::{Arc, Mutex};

/// Threads a run may use per core, at most (see [`limit`]).
pub const THREADS_PER_CORE: usize = 8;
/// The cap never falls below this, so that small machines can still test with many threads.
pub const MIN_LIMIT: usize = 64;
/// Idle threads kept in the pool cache, per core, all pools together.
pub const IDLE_THREADS_PER_CORE: usize = 4;

/// Why a thread count was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ThreadsError {
    /// Zero threads.
    #[error("threads must be at least 1, got 0")]
    Zero,
    /// More than [`limit`].
    #[error(
        "threads: {asked} is more than the limit of {limit} on this machine ({THREADS_PER_CORE} \
         a core, {cores} cores; more would only wait for the same cores)"
    )]
    TooMany {
        /// What was asked.
        asked: usize,
        /// The limit.
        limit: usize,
        /// The cores it was worked out from.
        cores: usize,
    },
    /// The pool's threads could not be started.
    #[error("starting {threads} worker threads: {message}")]
    Start {
        /// How many.
        threads: usize,
        /// Why not.
        message: String,
    },
}

/// The cores this process may run on.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The most threads a run may ask for: [`THREADS_PER_CORE`] a core, at least [`MIN_LIMIT`].
pub fn limit() -> usize {
    (cores() * THREADS_PER_CORE).max(MIN_LIMIT)
}

/// The threads for a run: as asked (from 1 to [`limit`]), or every core when not told.
pub fn resolve(asked: Option<usize>) -> Result<usize, ThreadsError> {
    match asked {
        None => Ok(cores()),
        Some(0) => Err(ThreadsError::Zero),
        Some(n) if n > limit() => {
            Err(ThreadsError::TooMany { asked: n, limit: limit(), cores: cores() })
        }
        Some(n) => Ok(n),
    }
}

/// Pools not in use, oldest first, and how many threads they may hold together.
struct Cache {
    idle: Mutex<Vec<Arc<rayon::ThreadPool>>>,
    budget: fn() -> usize,
}

impl Cache {
    /// An idle pool of `threads` threads, if there is one.
    fn take(&self, threads: usize) -> Option<Arc<rayon::ThreadPool>> {
        let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
        let i = idle.iter().rposition(|p| p.current_num_threads() == threads)?;
        Some(idle.remove(i))
    }

    /// Keeps `pool` for the next run, letting the oldest go while the idle ones hold more
    /// than the budget (the newest is always kept).
    fn keep(&self, pool: Arc<rayon::ThreadPool>) {
        let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
        idle.push(pool);
        let budget = (self.budget)();
        while idle.len() > 1 && idle.iter().map(|p| p.current_num_threads()).sum::<usize>() > budget
        {
            idle.remove(0);
        }
    }
}

/// The cache every run borrows from.
static IDLE: Cache = Cache { idle: Mutex::new(Vec::new()), budget: idle_budget };

/// The idle threads the cache keeps: [`IDLE_THREADS_PER_CORE`] a core.
fn idle_budget() -> usize {
    cores() * IDLE_THREADS_PER_CORE
}

/// A pool lent to one run; back to its cache when dropped.
pub struct Pool {
    pool: Option<Arc<rayon::ThreadPool>>,
    cache: &'static Cache,
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool").field("threads", &self.current_num_threads()).finish()
    }
}

impl Deref for Pool {
    type Target = rayon::ThreadPool;

    fn deref(&self) -> &rayon::ThreadPool {
        self.pool.as_ref().expect("a pool is lent until dropped")
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        let Some(pool) = self.pool.take() else { return };
        // A pool that saw a panic is not trusted again.
        if !std::thread::panicking() {
            self.cache.keep(pool);
        }
    }
}

/// A pool of `threads` threads (checked by [`resolve`] first): an idle one of that size, or a
/// new one.
pub fn lend(threads: usize) -> Result<Pool, ThreadsError> {
    lend_from(&IDLE, threads)
}

/// [`lend`], from `cache`.
fn lend_from(cache: &'static Cache, threads: usize) -> Result<Pool, ThreadsError> {
    let threads = resolve(Some(threads))?;
    if let Some(pool) = cache.take(threads) {
        return Ok(Pool { pool: Some(pool), cache });
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("sudoku-bulk-{i}"))
        .build()
        .map_err(|e| ThreadsError::Start { threads, message: e.to_string() })?;
    Ok(Pool { pool: Some(Arc::new(pool)), cache })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_checked_against_one_limit() {
        assert_eq!(resolve(Some(0)), Err(ThreadsError::Zero));
        assert_eq!(resolve(Some(3)), Ok(3));
        assert_eq!(resolve(None), Ok(cores()));
        assert_eq!(resolve(Some(limit())), Ok(limit()));
        let err = resolve(Some(100_000)).unwrap_err();
        assert!(err.to_string().contains(&format!("the limit of {}", limit())), "{err}");
    }

    #[test]
    fn pools_are_reused_and_the_idle_ones_stay_few() {
        // A cache of this test's own (the shared one is used by the other tests at once).
        let cache: &'static Cache =
            Box::leak(Box::new(Cache { idle: Mutex::new(Vec::new()), budget: || 8 }));
        let address = |pool: &Pool| Arc::as_ptr(pool.pool.as_ref().unwrap());
        let first = lend_from(cache, 3).unwrap();
        let first_address = address(&first);
        drop(first);
        let again = lend_from(cache, 3).unwrap();
        assert_eq!(address(&again), first_address, "the idle pool is reused");
        // Two at once are two pools.
        let other = lend_from(cache, 3).unwrap();
        assert_ne!(address(&other), first_address);
        drop((again, other));
        for n in 1..=40 {
            drop(lend_from(cache, n).unwrap());
        }
        // Over the budget of 8, only the newest pool is kept.
        let idle: Vec<usize> =
            cache.idle.lock().unwrap().iter().map(|p| p.current_num_threads()).collect();
        assert_eq!(idle, [40]);
        drop(lend_from(cache, 2).unwrap());
        drop(lend_from(cache, 3).unwrap());
        let idle: Vec<usize> =
            cache.idle.lock().unwrap().iter().map(|p| p.current_num_threads()).collect();
        assert_eq!(idle, [2, 3], "the 40-thread pool went first");
    }
}
