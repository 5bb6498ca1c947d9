//! Making, inspecting and freeing games.

use crate::boundary::{
    arg_ref, arg_slice, arg_slice_or_empty, arg_str, ffi_boundary, ffi_boundary_value, out_ptr, to_usize, write_answer,
    write_out, Failure, FfiResult, OutArray, Status,
};
use std::ffi::c_char;

/// A Lights Out game: where the lights are, what a press does and the modulus p. Opaque to C:
/// made by the `lightsout_game_new_*` functions, released with `lightsout_game_free`.
///
/// A game is immutable; its press matrix and factorisation are computed on first use and
/// then shared, so one game may be used from many threads at once.
pub struct Game {
    pub(crate) inner: lightsout_topo::Game,
    /// The bulk solver of `lightsout_game_solve_many`, laid out on its first call.
    pub(crate) batch: std::sync::OnceLock<lightsout_core::batch::BatchSolver>,
}

/// The handle itself (for what it caches beside the game), or `LIGHTSOUT_NULL_POINTER`.
///
/// # Safety
/// As for [`game_ref`].
pub(crate) unsafe fn handle_ref<'a>(game: *const Game) -> Result<&'a Game, Failure> {
    // SAFETY: forwarded from the caller.
    unsafe { arg_ref(game, "game") }
}

/// The game behind a handle, or `LIGHTSOUT_NULL_POINTER`.
///
/// # Safety
/// A non-NULL `game` must come from a `lightsout_game_new_*` function and not be freed yet.
pub(crate) unsafe fn game_ref<'a>(game: *const Game) -> Result<&'a lightsout_topo::Game, Failure> {
    // SAFETY: forwarded from the caller.
    Ok(&unsafe { arg_ref(game, "game") }?.inner)
}

/// Check the handle and `lights_out` (size values), make the board, and only then write it:
/// the body shared by the calls that draw a board of the game.
///
/// # Safety
/// As for [`game_ref`]; a non-NULL `lights_out` must be writable for `lights_len` values.
pub(crate) unsafe fn write_board(
    game: *const Game,
    lights_out: *mut u32,
    lights_len: usize,
    make: impl FnOnce(&lightsout_topo::Game) -> lightsout_topo::Result<Vec<u32>>,
) -> FfiResult {
    let game = unsafe { game_ref(game) }?;
    // A game too large for light vectors says so (naming its compact boards) before the
    // buffer's length is looked at.
    game.check_light_vectors()?;
    let out = OutArray::new(lights_out, lights_len, game.size(), "lights_out")?;
    let board = make(game)?;
    // SAFETY: `out` was checked against the board's length; the caller guarantees it is writable.
    unsafe { out.write(&board) };
    Ok(())
}

/// Check `out`, build the game, and only then store the new handle.
unsafe fn make(out: *mut *mut Game, build: impl FnOnce() -> Result<lightsout_topo::Game, Failure>) -> FfiResult {
    let out = out_ptr(out, "out")?;
    let inner = build()?;
    // SAFETY: `out` was checked non-NULL and aligned; the caller guarantees it is writable.
    unsafe { write_out(out, Box::into_raw(Box::new(Game { inner, batch: Default::default() }))) };
    Ok(())
}

/// Make a `rows x cols` grid with the plus rule (a press toggles itself and its up to 4
/// neighbours) over Z_modulus. The classic game is `lightsout_game_new_grid(5, 5, 2, &game)`.
///
/// Fails with LIGHTSOUT_INVALID_ARGUMENT for a side of 0, LIGHTSOUT_INVALID_MODULUS unless
/// 2 <= modulus < 2^31 (a composite modulus is the ring Z_k), LIGHTSOUT_TOO_LARGE above 2^40
/// lights. Large grids are solved by light chasing (M is never built) in memory about one side
/// long: a grid over a modulus up to 256 is built at any size up to that, its boards passed
/// compactly through the `lightsout_game_*_board` functions (LIGHTSOUT_BOARD_PACKED: 1 bit a
/// light over GF(2), 2 over GF(3); LIGHTSOUT_BOARD_BYTES otherwise), and the functions that take
/// or give `uint32_t` light vectors refuse with LIGHTSOUT_TOO_LARGE when one would take more
/// than 4 GiB (above 2^30 lights), naming the compact board's size. Over a larger modulus, and
/// for the other surfaces, a game whose one light vector would exceed 4 GiB is refused here.
///
/// # Safety
/// `out` must be NULL or valid for writing one pointer. On success `*out` holds a new game
/// that the caller frees with `lightsout_game_free`.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_new_grid(rows: u32, cols: u32, modulus: u32, out: *mut *mut Game) -> Status {
    ffi_boundary!({
        unsafe { make(out, || Ok(lightsout_topo::Game::grid(to_usize(rows), to_usize(cols), modulus.into())?)) }
    })
}

/// Make a `rows x cols` torus (wrapping around both ways) with the plus rule. The 4x4 torus over
/// GF(2) is Mini Lights Out. Where wrap-around reaches one light twice (a side of 1 or 2), it is
/// toggled once. Errors as for `lightsout_game_new_grid`.
///
/// # Safety
/// As for `lightsout_game_new_grid`.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_new_torus(rows: u32, cols: u32, modulus: u32, out: *mut *mut Game) -> Status {
    ffi_boundary!({
        unsafe { make(out, || Ok(lightsout_topo::Game::torus(to_usize(rows), to_usize(cols), modulus.into())?)) }
    })
}

/// Make a `rows x cols` cylinder (columns wrap around, rows do not) with the plus rule.
/// Errors as for `lightsout_game_new_grid`.
///
/// # Safety
/// As for `lightsout_game_new_grid`.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_new_cylinder(
    rows: u32,
    cols: u32,
    modulus: u32,
    out: *mut *mut Game,
) -> Status {
    ffi_boundary!({
        unsafe { make(out, || Ok(lightsout_topo::Game::cylinder(to_usize(rows), to_usize(cols), modulus.into())?)) }
    })
}

/// Make a `rows x cols` Möbius band (left and right edges glued with a twist: a step right from
/// row `r`'s last light lands on row `rows - 1 - r`'s first; top and bottom cut off) with the plus rule. Errors as for `lightsout_game_new_grid`.
///
/// # Safety
/// As for `lightsout_game_new_grid`.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_new_mobius(rows: u32, cols: u32, modulus: u32, out: *mut *mut Game) -> Status {
    ffi_boundary!({
        unsafe { make(out, || Ok(lightsout_topo::Game::mobius(to_usize(rows), to_usize(cols), modulus.into())?)) }
    })
}

/// Make a `rows x cols` Klein bottle (left and right edges glued with a twist, top and bottom
/// straight) with the plus rule. Errors as for `lightsout_game_new_grid`.
///
/// # Safety
/// As for `lightsout_game_new_grid`.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_new_klein(rows: u32, cols: u32, modulus: u32, out: *mut *mut Game) -> Status {
    ffi_boundary!({
        unsafe { make(out, || Ok(lightsout_topo::Game::klein(to_usize(rows), to_usize(cols), modulus.into())?)) }
    })
}

/// Make a `rows x cols` real projective plane (both pairs of edges glued with a twist: a step
/// down from row `rows - 1`, column `c` lands on row 0, column `cols - 1 - c`; a corner's two
/// outside neighbours are both the opposite corner, toggled once) with the plus rule. Errors as for `lightsout_game_new_grid`.
///
/// # Safety
/// As for `lightsout_game_new_grid`.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_new_projective(
    rows: u32,
    cols: u32,
    modulus: u32,
    out: *mut *mut Game,
) -> Status {
    ffi_boundary!({
        unsafe { make(out, || Ok(lightsout_topo::Game::projective(to_usize(rows), to_usize(cols), modulus.into())?)) }
    })
}

/// Make the cube with `k x k` lights on each of its 6 faces (6 k^2 lights) and the plus rule
/// across the cube edges: every light has exactly 4 neighbours. The Lights Out Cube is k = 3.
/// Boards list the faces up, left, front, right, back, down, each row-major.
///
/// # Safety
/// As for `lightsout_game_new_grid`.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_new_cube(k: u32, modulus: u32, out: *mut *mut Game) -> Status {
    ffi_boundary!({ unsafe { make(out, || Ok(lightsout_topo::Game::cube(to_usize(k), modulus.into())?)) } })
}

/// Make a named game: "classic" (5x5 grid), "mini" (4x4 torus), "deluxe" (6x6 grid), "2000"
/// (5x5 grid over Z_3), "cube" (k = 3), "merlin" (Merlin's Magic Square). Names ignore case and
/// surrounding blanks. An unknown name fails with LIGHTSOUT_UNKNOWN_PRESET and a message that
/// lists the known names.
///
/// # Safety
/// `name` must be NULL or a NUL-terminated string; `out` as for `lightsout_game_new_grid`.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_new_preset(name: *const c_char, out: *mut *mut Game) -> Status {
    ffi_boundary!({
        let name = unsafe { arg_str(name, "name") }?;
        unsafe { make(out, || Ok(lightsout_topo::Game::preset(name)?)) }
    })
}

/// Make a game on a graph with vertices 0..n-1: pressing vertex u toggles u itself (if
/// `self_toggle`) and its neighbours. `edges` holds the edges as pairs, `edges[2 i]` and
/// `edges[2 i + 1]` being the ends of edge i, so `edges_len` (the number of size_t values) is
/// twice the number of edges. Undirected edges go both ways; a directed edge (u, v) only makes
/// u toggle v. Repeated edges count once. `edges` may be NULL when `edges_len` is 0.
///
/// Fails with LIGHTSOUT_LENGTH_MISMATCH for an odd `edges_len`, LIGHTSOUT_INVALID_ARGUMENT for
/// n = 0 or an end outside 0..n-1.
///
/// # Safety
/// `edges` must be NULL or point to `edges_len` readable values; `out` as for
/// `lightsout_game_new_grid`.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_new_graph(
    n: usize,
    edges: *const usize,
    edges_len: usize,
    directed: bool,
    self_toggle: bool,
    modulus: u32,
    out: *mut *mut Game,
) -> Status {
    ffi_boundary!({
        let flat = unsafe { arg_slice_or_empty(edges, edges_len, "edges") }?;
        if flat.len() % 2 != 0 {
            return Err(Failure::new(
                Status::LightsoutLengthMismatch,
                format!("edges holds pairs (u, v), so edges_len must be even, got {edges_len}"),
            ));
        }
        let pairs: Vec<(usize, usize)> = flat.chunks_exact(2).map(|e| (e[0], e[1])).collect();
        unsafe { make(out, || Ok(lightsout_topo::Game::graph(n, &pairs, directed, self_toggle, modulus.into())?)) }
    })
}

/// Make the GF(2) game whose n x n press matrix M is given dense and bit-packed by rows:
/// `rows_len` = n * ceil(n / 8) bytes, entry (r, c) (whether button c toggles light r) in bit
/// 7 - c % 8 of byte r * ceil(n / 8) + c / 8 (the layout of numpy.packbits(M, axis=1);
/// padding bits are ignored). M is factored as it is by the packed dense engine, without a
/// sparse copy: a random dense 20,000 x 20,000 M (50 MB) is a game.
///
/// Fails with LIGHTSOUT_TOO_LARGE (checked before anything is allocated) when the factorisation
/// [M | I] would exceed 4 GiB or about ten minutes of work, LIGHTSOUT_LENGTH_MISMATCH for a
/// wrong `rows_len`, LIGHTSOUT_INVALID_ARGUMENT for n = 0.
///
/// # Safety
/// `rows` must be NULL or point to `rows_len` readable bytes; `out` as for
/// `lightsout_game_new_grid`.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_new_packed_matrix(
    n: usize,
    rows: *const u8,
    rows_len: usize,
    out: *mut *mut Game,
) -> Status {
    ffi_boundary!({
        let bytes = unsafe { arg_slice(rows, rows_len, "rows") }?;
        unsafe { make(out, || Ok(lightsout_topo::Game::from_packed_rows(n, bytes)?)) }
    })
}

/// Make the game whose n x n press matrix M is given entry by entry, row after row: entry
/// (r, c), at `entries[r * n + c]`, is what pressing button c adds to light r, reduced mod
/// `modulus`. Any 2 <= modulus < 2^31, prime or composite (the ring Z_k): the game of Python's
/// `lightsout.from_matrix(M, modulus=k)` and of the command line's `--matrix` PGM image.
///
/// Fails with LIGHTSOUT_LENGTH_MISMATCH unless `entries_len` = n * n, LIGHTSOUT_INVALID_ARGUMENT
/// for n = 0, LIGHTSOUT_INVALID_MODULUS for a modulus outside 2..2^31, LIGHTSOUT_TOO_LARGE
/// (checked before anything is allocated) when M would exceed 4 GiB.
///
/// # Safety
/// `entries` must be NULL or point to `entries_len` readable values; `out` as for
/// `lightsout_game_new_grid`.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_new_matrix(
    n: usize,
    entries: *const u32,
    entries_len: usize,
    modulus: u32,
    out: *mut *mut Game,
) -> Status {
    ffi_boundary!({
        let values = unsafe { arg_slice(entries, entries_len, "entries") }?;
        unsafe {
            make(out, || {
                let modulus = lightsout_core::Modulus::ring(modulus.into())?;
                if n == 0 {
                    return Err(Failure::new(Status::LightsoutInvalidArgument, "a press matrix needs n >= 1 lights"));
                }
                lightsout_core::limits::check_dense("the press matrix", n, n)?;
                if n.checked_mul(n) != Some(values.len()) {
                    return Err(Failure::new(
                        Status::LightsoutLengthMismatch,
                        format!("a press matrix of {n} x {n} has {} entries, but entries_len is {entries_len}", n * n),
                    ));
                }
                let mut m = lightsout_core::Matrix::zeros(modulus, n, n)?;
                let k = modulus.get();
                for (r, row) in values.chunks_exact(n).enumerate() {
                    m.row_mut(r).iter_mut().zip(row).for_each(|(to, &v)| *to = v % k);
                }
                Ok(lightsout_topo::Game::from_matrix(m)?)
            })
        }
    })
}

/// Make a game on a graph read from an edge list: an optional first line `n` (the number of
/// vertices), then one edge `u v` per line (0-based); `#` starts a comment. Otherwise as
/// `lightsout_game_new_graph`. Bad text fails with LIGHTSOUT_PARSE_ERROR, naming line and column.
///
/// # Safety
/// `text` must be NULL or a NUL-terminated string; `out` as for `lightsout_game_new_grid`.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_new_edge_list(
    text: *const c_char,
    directed: bool,
    self_toggle: bool,
    modulus: u32,
    out: *mut *mut Game,
) -> Status {
    ffi_boundary!({
        let text = unsafe { arg_str(text, "text") }?;
        unsafe {
            make(out, || {
                let list = lightsout_topo::text::parse_edge_list(text)?;
                Ok(lightsout_topo::Game::graph(list.n, &list.edges, directed, self_toggle, modulus.into())?)
            })
        }
    })
}

/// Make the game whose shape a board drawn as text has (the plus rule over Z_modulus): one line
/// per row, each cell a digit 0..p-1 or `.` (0), `#` for a hole (no light and no button); rows
/// of blank-separated numbers for p > 10. A board without `#` is a grid, otherwise a grid with
/// holes. Read the lights themselves with `lightsout_game_parse_board` on the same text.
///
/// # Safety
/// `text` must be NULL or a NUL-terminated string; `out` as for `lightsout_game_new_grid`.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_new_from_text(
    text: *const c_char,
    modulus: u32,
    out: *mut *mut Game,
) -> Status {
    ffi_boundary!({
        let text = unsafe { arg_str(text, "text") }?;
        unsafe { make(out, || Ok(lightsout_topo::text::parse_board(text, modulus.into())?.0)) }
    })
}

/// Make any game from its spec text, the complete description that `lightsout_game_spec`
/// writes and that the command line and Python share: every shape (grid, torus, cylinder, cube,
/// mask with holes, graph, explicit) with every rule (plus, neighbours, moore, stencil offsets,
/// explicit press sets, weighted columns). For example the 3x3 torus with the 8-neighbour rule:
///
/// ```text
/// lightsout-game 1
/// modulus 2
/// shape torus 3 3
/// rule moore
/// ```
///
/// Bad text fails with LIGHTSOUT_PARSE_ERROR naming the line; a valid description of an
/// impossible game with the error of the matching constructor.
///
/// # Safety
/// `spec` must be NULL or a NUL-terminated string; `out` as for `lightsout_game_new_grid`.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_new_from_spec(spec: *const c_char, out: *mut *mut Game) -> Status {
    ffi_boundary!({
        let text = unsafe { arg_str(spec, "spec") }?;
        unsafe { make(out, || Ok(lightsout_topo::Game::from_spec(text.parse()?)?)) }
    })
}

/// Release a game. NULL is fine (nothing happens). Each handle is freed exactly once, and not
/// while another thread is using it.
///
/// # Safety
/// `game` must be NULL or a handle from a `lightsout_game_new_*` function not freed before.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_free(game: *mut Game) {
    let _ = ffi_boundary!({
        if !game.is_null() {
            // SAFETY: the handle came from Box::into_raw in `make` and is freed only once.
            drop(unsafe { Box::from_raw(game) });
        }
        Ok(())
    });
}

/// The number of lights (which is also the number of buttons): the length of every board and
/// presses array for this game. 0 if `game` is NULL.
///
/// # Safety
/// `game` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_size(game: *const Game) -> usize {
    ffi_boundary_value!(0, { Ok(unsafe { game_ref(game) }?.size()) })
}

/// The modulus p (every light has p states). 0 if `game` is NULL.
///
/// # Safety
/// `game` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_modulus(game: *const Game) -> u32 {
    ffi_boundary_value!(0, { Ok(unsafe { game_ref(game) }?.modulus().get()) })
}

/// The nullity of the press matrix M: the number of independent quiet patterns (presses that
/// change no light). A solvable board has p^nullity solutions. The classic 5x5 has nullity 2.
/// Over a composite modulus (Z_k is no field) this fails with LIGHTSOUT_INVALID_ARGUMENT: see
/// `lightsout_game_elementary_divisors` and `lightsout_game_null_orders`.
///
/// The first query about solutions factors M (cost grows with the cube of the size; a size
/// beyond the dense limit fails with LIGHTSOUT_TOO_LARGE).
///
/// # Safety
/// `game` must be NULL or a live handle; `out` NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_nullity(game: *const Game, out: *mut usize) -> Status {
    ffi_boundary!({ unsafe { write_answer(game_ref(game), out, |game| Ok(game.nullity()?)) } })
}

/// The rank of the press matrix M over Z_p: p^rank of the p^size boards are solvable. Fails
/// with LIGHTSOUT_INVALID_ARGUMENT over a composite modulus, like `lightsout_game_nullity`.
///
/// # Safety
/// As for `lightsout_game_nullity`.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_rank(game: *const Game, out: *mut usize) -> Status {
    ffi_boundary!({ unsafe { write_answer(game_ref(game), out, |game| Ok(game.rank()?)) } })
}
