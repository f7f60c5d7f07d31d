//! Other projects' solvers, loaded at run time from shared libraries of the user's own builds,
//! so that they run in the same rounds as ours without becoming dependencies. Each is called
//! through one C function of tdoku's signature (its `include/tdoku.h`): tdoku exports it as
//! `TdokuSolverDpllTriadSimd`; fastdoku, a Rust crate, exports none, so its library is a
//! harness the user writes around their build (a `cdylib` exporting `fastdoku_solve` with
//! that signature and meaning, built with fastdoku's own profile and flags).
//!
//! Shared by the speed table (`benches/table.rs`) and the sizes bench (`benches/sized.rs`).

use std::ffi::{c_char, c_void, CStr, CString};

use sudoku_bulk::Grid;

/// The entry point: counts the solutions of `puzzle` up to `limit`, writes its guess count
/// into `guesses`, and returns the count. With `configuration` 0 (the defaults), it writes
/// the solution (81 characters, no NUL) into `solution` at limit 1 only.
type SolveFn = unsafe extern "C" fn(
    puzzle: *const c_char,
    limit: usize,
    configuration: u32,
    solution: *mut c_char,
    guesses: *mut usize,
) -> usize;

/// A peer the table knows: the variable naming its library, its name in the table, the
/// symbol it is called through, whether it counts guesses, and what its count means.
pub struct Known {
    pub var: &'static str,
    pub name: &'static str,
    pub symbol: &'static CStr,
    pub counts_guesses: bool,
    pub guesses: &'static str,
}

/// The peers the table can load, in the order of their rows.
pub const KNOWN: [Known; 2] = [
    Known {
        var: "TDOKU_LIB",
        name: "tdoku",
        symbol: c"TdokuSolverDpllTriadSimd",
        counts_guesses: true,
        guesses: "Its guesses count each split of a band's options into \"the first\" and \
                  \"the rest\" once; ours count every option tried, so the two guess columns \
                  differ in kind.",
    },
    Known {
        var: "FASTDOKU_LIB",
        name: "fastdoku",
        symbol: c"fastdoku_solve",
        counts_guesses: false,
        guesses: "fastdoku counts no guesses outside a build for statistics (which slows \
                  it), so its guess columns are empty.",
    },
];

/// A puzzle as tdoku reads it: 81 characters, `.` for a blank, then a NUL (it reads byte
/// 81 to tell a plain puzzle from its 729-character pencil-mark form). The slot is wider
/// than that, so no read of the puzzle in 16- or 32-byte pieces can leave it.
pub type Puzzle = [u8; 96];

/// `grid` in the peers' form.
pub fn puzzle(grid: &Grid) -> Puzzle {
    let mut text = [0; 96];
    for (byte, &cell) in text.iter_mut().zip(grid.cells()) {
        *byte = if cell == 0 { b'.' } else { b'0' + cell };
    }
    text
}

/// A loaded peer. The library stays loaded for the life of the process (it is never
/// closed), so the function pointer stays valid.
pub struct Peer {
    pub name: &'static str,
    pub symbol: &'static str,
    pub counts_guesses: bool,
    pub guesses: &'static str,
    solve: SolveFn,
}

impl Peer {
    /// Loads the shared library at `path` and finds the peer's entry point in it.
    pub fn load(known: &Known, path: &str) -> Result<Peer, String> {
        let var = known.var;
        let symbol = known.symbol.to_str().expect("ASCII");
        let name = CString::new(path).map_err(|_| format!("{var}={path}: a NUL byte"))?;
        // SAFETY: `name` is a NUL-terminated path. Loading runs the library's static
        // initialisers (tdoku builds its constant tables there).
        let lib = unsafe { libc::dlopen(name.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
        if lib.is_null() {
            return Err(format!("{var}={path}: {}", dl_error()));
        }
        // SAFETY: `lib` is a handle dlopen returned, the symbol name a C string.
        let found = unsafe { libc::dlsym(lib, known.symbol.as_ptr()) };
        if found.is_null() {
            return Err(format!("{var}={path}: no {symbol} in it"));
        }
        // SAFETY: the symbol is the peer's exported C function, which has this signature.
        let solve = unsafe { std::mem::transmute::<*mut c_void, SolveFn>(found) };
        Ok(Peer {
            name: known.name,
            symbol,
            counts_guesses: known.counts_guesses,
            guesses: known.guesses,
            solve,
        })
    }

    /// Solves one puzzle: the solutions found (at most `limit`), the peer's guess count,
    /// and the solution it wrote (zeros if it wrote none).
    #[inline]
    pub fn solve(&self, puzzle: &Puzzle, limit: u32) -> (u64, u64, [u8; 81]) {
        let mut solution = [0u8; 81];
        let mut guesses = 0usize;
        // SAFETY: `puzzle` is NUL-terminated with room past its end for wide reads,
        // `solution` has the 81 bytes it writes, and no peer keeps either pointer. tdoku's
        // solver state is global: this harness calls the peers from one thread only.
        let found = unsafe {
            (self.solve)(
                puzzle.as_ptr().cast(),
                limit as usize,
                0,
                solution.as_mut_ptr().cast(),
                &mut guesses,
            )
        };
        (found as u64, guesses as u64, solution)
    }
}

/// The peers whose libraries the environment names ([`KNOWN`]'s variables; an empty one is
/// none), loaded, each with the path it was loaded from.
pub fn from_env() -> Result<Vec<(Peer, String)>, String> {
    let mut peers = Vec::new();
    for known in &KNOWN {
        match std::env::var(known.var) {
            Err(std::env::VarError::NotPresent) => {}
            Ok(path) if path.is_empty() => {}
            Ok(path) => peers.push((Peer::load(known, &path)?, path)),
            Err(e) => return Err(format!("{}: {e}", known.var)),
        }
    }
    Ok(peers)
}

/// The loader's last error message.
fn dl_error() -> String {
    // SAFETY: dlerror returns NULL or a NUL-terminated message owned by the loader,
    // read here before any other dl call.
    let message = unsafe { libc::dlerror() };
    if message.is_null() {
        "unknown error".to_owned()
    } else {
        // SAFETY: non-null, so a valid C string (see above).
        unsafe { CStr::from_ptr(message) }.to_string_lossy().into_owned()
    }
}
