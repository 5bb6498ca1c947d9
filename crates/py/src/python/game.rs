//! `lightsout.Game`: a topo game with its solver, answering in numpy arrays.

use super::args;
use super::compact::{self, Compact};
use super::convert::{self, with_dt, Board, Dt};
use super::errors::{topo_error, value_error, LoResult, Proof};
use super::results::{MinimalSolution, Solutions, WorstCase};
use super::work::interruptible;
use lightsout_core::batch::{BatchSolver, Cell};
use lightsout_topo::{svg, text, Game};
use numpy::PyArrayMethods;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::sync::{Arc, OnceLock};

/// A Lights Out game: where the lights are, what a press does and the modulus k (any k >= 2).
/// Build one with `lightsout.grid`, `torus`, `cylinder`, `mobius`, `klein`, `projective`,
/// `cube`, `mask`, `graph`, `from_networkx`, `from_press_sets`, `from_matrix`, `preset` or
/// `parse_board`.
///
/// Boards (`lights`) and `presses` are integer arrays (lists work too) of any integer dtype and
/// memory order with entries in 0..k-1, either in the board's natural shape (`shape`: rows x
/// cols, 6 x k x k for a cube, holes holding 0) or flat (`size` entries, holes skipped). Results
/// come back in the shape given and the smallest unsigned dtype that holds k - 1 (uint8 up to
/// k = 256), or the `dtype` asked for.
/// A board b is solved by presses s when b + M s = 0 (mod k). Large boards travel compactly:
/// uint8 arrays are read and answered as bytes, and `packed=True` takes and gives bit-packed
/// boards (`numpy.packbits(board, axis=-1)`, see `solve`).
#[pyclass(frozen, module = "lightsout._core", name = "Game")]
pub(crate) struct PyGame {
    pub(crate) game: Arc<Game>,
    batch: OnceLock<BatchSolver>,
    /// Whether a question has been answered (so the game's solver exists).
    ready: Flag,
    /// The bulk fewest-press solver and its samplers by difficulty (see `many.rs`).
    pub(crate) many: OnceLock<lightsout_core::minimal::BatchMinimizer>,
    pub(crate) samplers: std::sync::Mutex<Vec<(Option<u64>, Arc<lightsout_core::minimal::Sampler>)>>,
}

/// Games with at least this many lights answer with the GIL released.
const DETACH_LIGHTS: usize = 4096;

/// A flag shared between threads (the class is frozen).
#[derive(Default)]
struct Flag(std::sync::atomic::AtomicBool);

impl Flag {
    fn get(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }
    fn set(&self, v: bool) {
        self.0.store(v, std::sync::atomic::Ordering::Relaxed)
    }
}

impl PyGame {
    pub(crate) fn new(game: Game) -> Self {
        PyGame {
            game: Arc::new(game),
            batch: OnceLock::new(),
            ready: Flag::default(),
            many: OnceLock::new(),
            samplers: Default::default(),
        }
    }

    /// Run a question about the game: its solver (dense or structured, as the game chooses) is
    /// built with the GIL released on first use, and on large games the question runs with the
    /// GIL released too (small ones answer faster than releasing it would take).
    fn ask<T: Send + 'static>(
        &self,
        py: Python<'_>,
        natural: bool,
        f: impl FnOnce(&Game) -> lightsout_topo::Result<T> + Send + 'static,
    ) -> PyResult<T> {
        self.ask_topo(py, f)?.map_err(self.err(py, natural))
    }

    /// [`PyGame::ask`] without mapping the game's error (the caller maps it).
    fn ask_topo<T: Send + 'static>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&Game) -> lightsout_topo::Result<T> + Send + 'static,
    ) -> PyResult<lightsout_topo::Result<T>> {
        if self.game.size() >= DETACH_LIGHTS || !self.ready.get() {
            let game = Arc::clone(&self.game);
            let out = interruptible(py, move || f(&game))?;
            if out.is_ok() {
                self.ready.set(true);
            }
            Ok(out)
        } else {
            Ok(f(&self.game))
        }
    }

    /// Answer a question about one compact board (see `compact.rs`): the answer, or the error
    /// with an obstruction in the board's format. The bytes are read where numpy keeps them,
    /// the game's solver built first (interruptibly) on a fresh game; only when that build
    /// fails are they copied for the interruptible worker, which then asks the question.
    /// A board that came in another dtype has an unsolvable board's proof shaped as on the
    /// general path.
    fn ask_compact<T: Send + 'static>(
        &self,
        py: Python<'_>,
        board: Compact<'_>,
        f: impl FnOnce(&Game, &[u8], lightsout_topo::BoardFormat) -> lightsout_topo::Result<T> + Send + 'static,
    ) -> PyResult<T> {
        let (format, shape, converted, repacked) = (board.format, board.shape.clone(), board.converted, board.repacked);
        let source = board.source.clone();
        let answer = self.ask_compact_bytes(py, board, f)?;
        self.compact_answer(py, answer, format, &shape, converted, repacked, source.as_ref())
    }

    /// The answer of [`PyGame::ask_compact`] (or of a board read straight to a packed grid
    /// board, [`PyGame::ask_packed_grid`]) with the game's error mapped: a board that came in
    /// another dtype (`converted`) has an unsolvable board's proof shaped as on the general path,
    /// one read to bits (`repacked`) in the bytes of `format`'s order.
    #[allow(clippy::too_many_arguments)]
    fn compact_answer<T>(
        &self,
        py: Python<'_>,
        answer: lightsout_topo::Result<T>,
        format: lightsout_topo::BoardFormat,
        shape: &[usize],
        converted: bool,
        repacked: bool,
        source: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<T> {
        if let Some(e) = answer.as_ref().err().and_then(|e| compact::own_error(&self.game, source, e)) {
            return Err(e);
        }
        // An entry out of range (of a board read as its bytes) is named by its place in the shape
        // the board came in, whatever its dtype.
        let out_of_range =
            matches!(answer, Err(lightsout_topo::Error::Core(lightsout_core::Error::EntryOutOfRange { .. })));
        if converted && !out_of_range {
            answer.map_err(self.err(py, format.order == lightsout_topo::Order::Natural))
        } else {
            // A uint8 board read to bits has its proof in its own bytes.
            let format = match repacked {
                true => lightsout_topo::BoardFormat { encoding: lightsout_topo::Encoding::Bytes, ..format },
                false => format,
            };
            answer.map_err(compact::err(py, &self.game, shape, format))
        }
    }

    /// A GF(2) grid board read straight into the grid solver's packed board
    /// ([`compact::packed_grid_board`]) asked about as [`PyGame::ask_compact_bytes`] asks: the
    /// solver built first (interruptibly) on a fresh game, then the question with the GIL
    /// released, or on the interruptible worker when the build failed.
    fn ask_packed_grid<T: Send + 'static>(
        &self,
        py: Python<'_>,
        board: lightsout_core::structured::PackedBoard,
        f: impl FnOnce(&Game, lightsout_core::structured::PackedBoard) -> lightsout_topo::Result<T> + Send + 'static,
    ) -> PyResult<lightsout_topo::Result<T>> {
        if !self.ready.get() {
            let _ = self.ask_topo(py, |g| g.engine().map(drop))?;
        }
        if self.ready.get() {
            let game = &self.game;
            return Ok(py.detach(|| f(game, board)));
        }
        self.ask_topo(py, move |g| f(g, board))
    }

    /// A board for the byte route (see `compact.rs`): a uint8 array (packed or not) as it is,
    /// and on large games an array of any other integer dtype or memory order read once into
    /// bytes; `None` for the general path.
    /// With `pack`, a board read here goes to bits where the game allows (see
    /// `compact::narrowed`).
    pub(crate) fn compact_board<'py>(
        &self,
        obj: &Bound<'py, PyAny>,
        what: &str,
        packed: bool,
        pack: bool,
    ) -> PyResult<Option<Compact<'py>>> {
        // A large uint8 board in another memory order (Fortran, strided) goes to bits where the
        // game allows, as boards of the other dtypes do, rather than to a board of bytes.
        let large = self.game.size() >= DETACH_LIGHTS;
        // A large bool or int8 board in C order is read as the bytes it is made of, as uint8 is.
        if large && !packed {
            if let Some(board) = compact::one_byte_view(&self.game, obj, what)? {
                return Ok(Some(board));
            }
        }
        let other_order =
            large && pack && !packed && !compact::is_bytes(obj) && obj.cast::<numpy::PyArrayDyn<u8>>().is_ok();
        if !other_order {
            if let Some(c) = compact::read(&self.game, obj, what, packed)? {
                return Ok(Some(c));
            }
        }
        if packed || !large {
            return Ok(None);
        }
        compact::narrowed(&self.game, obj, what, pack)
    }

    /// A large GF(2) grid board in the board's shape that the byte route would read to packbits
    /// bytes (any other dtype, or uint8 in another memory order), read straight into the grid
    /// solver's packed board instead, with whether it came in another dtype than uint8; `None`
    /// for anything else (the other routes answer).
    fn packed_grid_board(
        &self,
        obj: &Bound<'_, PyAny>,
        packed: bool,
    ) -> LoResult<Option<(lightsout_core::structured::PackedBoard, bool)>> {
        if packed || self.game.size() < DETACH_LIGHTS || compact::is_bytes(obj) {
            return Ok(None);
        }
        match self.game.packed_grid_dims() {
            Some(dims) => compact::packed_grid_board(obj, "lights", dims),
            None => Ok(None),
        }
    }

    /// [`PyGame::ask_compact`] without mapping the game's error (the caller maps it).
    fn ask_compact_bytes<T: Send + 'static>(
        &self,
        py: Python<'_>,
        board: Compact<'_>,
        f: impl FnOnce(&Game, &[u8], lightsout_topo::BoardFormat) -> lightsout_topo::Result<T> + Send + 'static,
    ) -> PyResult<lightsout_topo::Result<T>> {
        let format = board.format;
        if !self.ready.get() {
            // Only the solver's first build needs the interruptible worker. Built there first,
            // the question itself reads the bytes where numpy keeps them: a board-sized copy on a
            // fresh game cost more than half of its first solve (a 2000 x 2000 board: 4 MB, a
            // thousand fresh pages). If the build fails, the question runs on the worker as it
            // always did, so it gives its own error.
            let _ = self.ask_topo(py, |g| g.engine().map(drop))?;
        }
        Ok(if self.ready.get() {
            let game = &self.game;
            board.with_bytes(|data| Ok(py.detach(|| f(game, data, format))))?
        } else {
            let data = board.with_bytes(|data| Ok(data.to_vec()))?;
            self.ask_topo(py, move |g| f(g, &data, format))?
        })
    }

    /// `solve(lights, out=out)`: the board copied into `out` unless it is `out`, then solved
    /// there with the GIL released, the game's solver built first (interruptibly).
    fn solve_into<'py>(
        &self,
        py: Python<'py>,
        lights: &Bound<'py, PyAny>,
        packed: bool,
        out: &Bound<'py, PyAny>,
    ) -> LoResult<Bound<'py, PyAny>> {
        let board = compact::read(&self.game, lights, "lights", packed)?.ok_or_else(|| {
            pyo3::exceptions::PyTypeError::new_err(
                "solve(..., out=...) takes the board as a uint8 numpy array (one light per byte, or packed=True)",
            )
        })?;
        let target = compact::writable_like(out, &board)?;
        if !target.is(lights) {
            target.call_method1("__setitem__", (py.Ellipsis(), &board.arr))?;
        }
        if !self.ready.get() {
            self.ask_topo(py, |g| g.nullity().map(drop))??;
            self.ready.set(true);
        }
        let mut view = numpy::PyArrayMethods::try_readwrite(&target)?;
        let data = view.as_slice_mut()?;
        let game = &self.game;
        py.detach(|| game.solve_board_in_place(data, board.format)).map_err(compact::err(
            py,
            &self.game,
            &board.shape,
            board.format,
        ))?;
        drop(view);
        Ok(target.into_any())
    }

    /// Like [`PyGame::ask`] for questions that need no solver (applying presses, drawing
    /// random boards): the GIL is released only on large games.
    fn ask_light<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&Game) -> lightsout_topo::Result<T> + Send,
    ) -> lightsout_topo::Result<T> {
        if self.game.size() >= DETACH_LIGHTS {
            py.detach(|| f(&self.game))
        } else {
            f(&self.game)
        }
    }

    /// The batch layout of the solver, built on first use.
    pub(crate) fn batch(&self, py: Python<'_>) -> LoResult<&BatchSolver> {
        if let Some(b) = self.batch.get() {
            return Ok(b);
        }
        let game = Arc::clone(&self.game);
        let b = interruptible(py, move || game.batch_solver())??;
        Ok(self.batch.get_or_init(|| b))
    }

    fn board(&self, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Board> {
        convert::board(&self.game, obj, what)
    }

    pub(crate) fn array<'py>(
        &self,
        py: Python<'py>,
        values: &[u32],
        natural: bool,
        dt: Dt,
    ) -> PyResult<Bound<'py, PyAny>> {
        convert::to_array(py, &self.game, values, natural, dt)
    }

    /// A worst case for Python: its board and presses in the natural shape and the smallest
    /// unsigned dtype that holds k - 1 (`Game.worst_case` and the cluster's split search).
    pub(crate) fn worst_result(
        &self,
        py: Python<'_>,
        worst: &lightsout_core::minimal::WorstCase,
    ) -> PyResult<WorstCase> {
        let dt = Dt::smallest_for(self.game.modulus().get());
        let board = self.array(py, &worst.board, true, dt)?.unbind();
        let presses = self.array(py, &worst.presses, true, dt)?.unbind();
        Ok(WorstCase::new(board, presses, worst))
    }

    /// An error mapper that shapes an obstruction like the board was given.
    pub(crate) fn err<'a>(&'a self, py: Python<'a>, natural: bool) -> impl Fn(lightsout_topo::Error) -> PyErr + 'a {
        let proof = Proof { modulus: self.game.modulus().get(), game: Some(&self.game) };
        move |e| topo_error(py, e, proof, |py, y| Ok(convert::to_array(py, &self.game, &y, natural, Dt::I64)?.unbind()))
    }

    fn dense<'py>(&self, py: Python<'py>, m: &lightsout_core::Matrix) -> PyResult<Bound<'py, PyAny>> {
        convert::matrix(py, m.rows(), m.cols(), m.as_slice().iter().map(|&v| v as i64).collect())
    }
}

#[pymethods]
impl PyGame {
    /// Number of lights (and buttons).
    #[getter]
    fn size(&self) -> usize {
        self.game.size()
    }

    /// The prime modulus p: every light has p states.
    #[getter]
    fn modulus(&self) -> u32 {
        self.game.modulus().get()
    }

    /// The natural array shape: (rows, cols), (6, k, k) for a cube, (n,) for a graph.
    #[getter]
    fn shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.game.dims())
    }

    /// The display name (presets have one), or None.
    #[getter]
    fn name(&self) -> Option<String> {
        self.game.name().map(str::to_string)
    }

    /// The press rule's name: plus, neighbours, moore, stencil, sets or weighted.
    #[getter]
    fn rule(&self) -> &'static str {
        self.game.rule().name()
    }

    /// The rank of M over Z_p (factors M on first use, with the GIL released). For a composite
    /// modulus k, Z_k is not a field: raises ValueError, see `kernel_size` and
    /// `elementary_divisors`.
    #[getter]
    fn rank(&self, py: Python<'_>) -> PyResult<usize> {
        self.ask(py, false, |g| g.rank())
    }

    /// The nullity of M: the dimension of the quiet patterns; every solvable board has
    /// p**nullity solutions. ValueError for a composite modulus, like `rank`.
    #[getter]
    fn nullity(&self, py: Python<'_>) -> PyResult<usize> {
        self.ask(py, false, |g| g.nullity())
    }

    /// The number of quiet patterns (zero included), an exact int: every solvable board has
    /// this many solutions (p**nullity over Z_p). Defined for every modulus.
    #[getter]
    fn kernel_size<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let count = self.ask(py, false, |g| g.kernel_size())?;
        count_to_int(py, count)
    }

    /// The number of solvable boards, an exact int (p**rank over Z_p).
    #[getter]
    fn solvable_boards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let count = self.ask(py, false, |g| g.solvable_boards())?;
        count_to_int(py, count)
    }

    /// The Smith normal form of M over Z_k: one divisor of k per light, each dividing the
    /// next, with k standing for 0 (over Z_p: rank ones, then p's). Their product is
    /// `kernel_size`.
    #[getter]
    fn elementary_divisors(&self, py: Python<'_>) -> PyResult<Vec<u32>> {
        self.ask(py, false, |g| g.elementary_divisors())
    }

    /// The additive order of each row of `null_space()` (p for each over Z_p): the quiet
    /// patterns are the sums of c_i times row i with c_i in range(order_i), each once. A
    /// property, as `elementary_divisors` is; calling it (`null_orders()`, the method it was)
    /// gives the same list with a DeprecationWarning.
    #[getter]
    fn null_orders<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let orders = self.ask(py, false, |g| g.null_orders())?;
        py.import("lightsout._orders")?.getattr("NullOrders")?.call1((orders,))
    }

    /// A one-line description such as "classic: grid 5x5, plus rule, modulus 2".
    fn describe(&self) -> String {
        self.game.describe()
    }

    /// The game's full description as text; `lightsout.from_spec` rebuilds the game from it.
    fn spec(&self) -> String {
        self.game.spec().to_string()
    }

    /// Whether M equals its transpose (true for undirected rules).
    fn is_symmetric(&self) -> LoResult<bool> {
        Ok(self.game.is_symmetric()?)
    }

    /// The press matrix M as a dense (size, size) int64 array: column j is what button j adds
    /// to each light.
    fn matrix<'py>(&self, py: Python<'py>) -> LoResult<Bound<'py, PyAny>> {
        // The dense array is refused from its size alone, before M is built.
        let n = self.game.size();
        lightsout_core::limits::check_dense("the press matrix as a dense array", n, n)?;
        let m = self.game.matrix()?.to_dense()?;
        Ok(self.dense(py, &m)?)
    }

    /// A basis of the quiet patterns (presses that change no light), as a (nullity, size)
    /// int64 array, one pattern per row. `count` keeps only the first rows, and only those are
    /// built: a few patterns of a board too large for its whole basis. Over a composite modulus:
    /// generators, one per row, whose additive orders are `null_orders`.
    #[pyo3(signature = (count=None))]
    fn null_space<'py>(&self, py: Python<'py>, count: Option<&Bound<'py, PyAny>>) -> PyResult<Bound<'py, PyAny>> {
        let count = match count.filter(|c| !c.is_none()) {
            Some(c) => args::size(c, "count")?,
            None => usize::MAX,
        };
        let basis = self.ask(py, false, move |g| g.quiet_patterns(count))?;
        let values = basis.iter().flatten().map(|&v| v as i64).collect();
        convert::matrix(py, basis.len(), self.game.size(), values)
    }

    /// A basis of the obstructions (vectors y with y M = 0), one per row: a board b is
    /// solvable iff y . b = 0 (mod p) for every row y.
    fn obstructions<'py>(&self, py: Python<'py>) -> LoResult<Bound<'py, PyAny>> {
        let game = Arc::clone(&self.game);
        let ys = interruptible(py, move || game.obstructions())??;
        let values = ys.iter().flatten().map(|&v| v as i64).collect();
        Ok(convert::matrix(py, ys.len(), self.game.size(), values)?)
    }

    /// The pseudoinverse W as a (size, size) array of the smallest unsigned dtype that holds
    /// k - 1 (uint8 up to k = 256, then uint16, uint32): for every solvable board b,
    /// W @ (-b) % k solves it (with b of a signed or wide dtype, so that the products do not
    /// wrap). Its size is checked before anything is allocated. Over a composite k it exists
    /// when every elementary divisor is a unit or zero in each prime-power factor (always for
    /// squarefree k); else ValueError.
    fn pseudoinverse<'py>(&self, py: Python<'py>) -> LoResult<Bound<'py, PyAny>> {
        let n = self.game.size();
        let dt = Dt::smallest_for(self.game.modulus().get());
        with_dt!(dt, T => {
            let game = Arc::clone(&self.game);
            let w = interruptible(py, move || game.pseudoinverse_entries(<T as Cell>::from_u32))??;
            Ok(numpy::PyArray1::<T>::from_vec(py, w).reshape([n, n])?.into_any())
        })
    }

    /// Whether the board can be turned off. With `packed=True` the board is bit-packed (see
    /// `solve`).
    #[pyo3(signature = (lights, *, packed=false))]
    fn is_solvable(&self, py: Python<'_>, lights: &Bound<'_, PyAny>, packed: bool) -> PyResult<bool> {
        if let Some(c) = self.compact_board(lights, "lights", packed, true)? {
            return self.ask_compact(py, c, |g, d, f| g.is_solvable_board(d, f));
        }
        let Board { values, natural, .. } = self.board(lights, "lights")?;
        self.ask(py, natural, move |g| g.is_solvable(&values))
    }

    /// Presses that turn the board off (every free button unpressed), in the shape the board
    /// was given and the smallest unsigned dtype that holds k - 1 (uint8 up to k = 256, then
    /// uint16, uint32), or `dtype`. Raises UnsolvableError (a ValueError) carrying the
    /// obstruction if none exist.
    ///
    /// Boards of every integer dtype (bool, int8 to int64, uint8 to uint64) and memory order (C,
    /// Fortran, strided) are read in one pass. Large boards travel compactly: a uint8 board (one
    /// light per byte) is solved where numpy keeps it, and any other large board is read once
    /// into bytes, never widened to one integer a light; with `packed=True` (modulus 2 or 3) the board and the answer are
    /// bit-packed in the layout of `numpy.packbits(board, axis=-1)` (the natural shape with its
    /// last axis packed to whole bytes, most significant bit first), or of
    /// `numpy.packbits(flat_board)` for a flat board. Unpack with
    /// `numpy.unpackbits(s, axis=-1, count=game.shape[-1])`. Over GF(3) `packed=True` takes two
    /// bits a light, four lights a byte, the first in the top bit pair (value 0, 1 or 2), each
    /// row padded to whole bytes: shape (rows, ceil(cols / 4)). A grid over GF(2) or GF(3)
    /// stays packed end to end, so packed boards reach grids of 10**10 lights (1.25 GB a GF(2)
    /// board), where a board of one integer a light would not fit; the questions that need one
    /// (an int64 board, `null_space`, ...) then refuse, naming the size a packed board needs.
    ///
    /// `out`: a writable C-contiguous uint8 array of the board's shape (packed or not) that
    /// receives the presses and is returned; `out=lights` solves in place, with no second
    /// board-sized buffer where the solver can chase in place (GF(2) grids keep one packed copy,
    /// grids over other primes work on the bytes themselves). If the board is unsolvable, `out`
    /// holds the board.
    ///
    /// `dtype`: the dtype of the presses (a numpy integer dtype that holds k - 1), instead of the
    /// smallest one.
    #[pyo3(signature = (lights, *, packed=false, out=None, dtype=None))]
    fn solve<'py>(
        &self,
        py: Python<'py>,
        lights: &Bound<'py, PyAny>,
        packed: bool,
        out: Option<&Bound<'py, PyAny>>,
        dtype: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let p = self.game.modulus().get();
        let dtype = args::result_dtype(dtype, packed, p)?;
        if let Some(out) = out {
            if dtype.is_some() {
                return Err(value_error("give out or dtype, not both (the presses go into out's uint8 array)"));
            }
            return Ok(self.solve_into(py, lights, packed, out)?);
        }
        if let Some((board, converted)) = self.packed_grid_board(lights, packed)? {
            let (format, shape) = (lightsout_topo::BoardFormat::BYTES, self.game.dims());
            let answer = self.ask_packed_grid(py, board, move |g, b| g.solve_packed(b, format))?;
            let s = self.compact_answer(py, answer, format, &shape, converted, true, None)?;
            return compact::array_as(py, &self.game, s, format, false, dtype.unwrap_or(Dt::U8));
        }
        if let Some(c) = self.compact_board(lights, "lights", packed, true)? {
            let (format, repacked) = (c.format, c.repacked);
            let s = self.ask_compact(py, c, |g, d, f| g.solve_board(d, f))?;
            return compact::array_as(py, &self.game, s, format, repacked, dtype.unwrap_or(Dt::U8));
        }
        let Board { values, natural, out } = self.board(lights, "lights")?;
        let s = self.ask(py, natural, move |g| g.solve(&values))?;
        self.array(py, &s, natural, dtype.unwrap_or(out))
    }

    /// Every solution, lazily (`kernel_size` of them); raises UnsolvableError if there are none.
    fn solutions(slf: Bound<'_, Self>, lights: &Bound<'_, PyAny>) -> PyResult<Solutions> {
        let py = slf.py();
        let this = slf.get();
        let Board { values, natural, out } = this.board(lights, "lights")?;
        let it = this.ask(py, natural, move |g| g.solutions(&values))?;
        let count = this.ask(py, natural, |g| g.kernel_size())?;
        let total = match count.exponent() {
            Some(e) => format!("{}**{e}", count.modulus()),
            None => count.to_decimal(),
        };
        Ok(Solutions::new(slf.clone().unbind(), it, natural, out, total))
    }

    /// How many solutions the board has, exactly: `kernel_size` if solvable, else 0.
    /// `packed=True` as for `solve`.
    #[pyo3(signature = (lights, *, packed=false))]
    fn count_solutions<'py>(
        &self,
        py: Python<'py>,
        lights: &Bound<'py, PyAny>,
        packed: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        if packed {
            let c = compact::read(&self.game, lights, "lights", true)?.expect("packed boards are read or refused");
            if !self.ask_compact(py, c, |g, d, f| g.is_solvable_board(d, f))? {
                return count_to_int(py, lightsout_core::SolutionCount::zero(self.game.modulus()));
            }
            let count = self.ask(py, true, |g| g.kernel_size())?;
            return count_to_int(py, count);
        }
        let Board { values, natural, .. } = self.board(lights, "lights")?;
        let count = self.ask(py, natural, move |g| g.count_solutions(&values))?;
        count_to_int(py, count)
    }

    /// The board after pressing: lights + M presses (mod p), in the shape of `lights` and the
    /// smallest unsigned dtype that holds k - 1 (or `dtype`), whatever the dtypes and memory
    /// orders given; `packed=True` takes and gives bit-packed boards (see `solve`).
    #[pyo3(signature = (lights, presses, *, packed=false, dtype=None))]
    fn apply<'py>(
        &self,
        py: Python<'py>,
        lights: &Bound<'py, PyAny>,
        presses: &Bound<'py, PyAny>,
        packed: bool,
        dtype: Option<&Bound<'py, PyAny>>,
    ) -> LoResult<Bound<'py, PyAny>> {
        let dtype = args::result_dtype(dtype, packed, self.game.modulus().get())?;
        // Both go to bits unless one is bytes already (then both go as bytes).
        let pack = !compact::is_bytes(lights) && !compact::is_bytes(presses);
        let l = self.compact_board(lights, "lights", packed, pack)?;
        let s = self.compact_board(presses, "presses", packed, pack)?;
        if let (Some(l), Some(s)) = (l, s) {
            if l.format == s.format {
                let (format, repacked) = (l.format, l.repacked);
                let after = s.with_bytes(|presses| {
                    l.with_bytes(|lights| Ok(self.ask_light(py, |g| g.apply_board(lights, presses, format))))
                        .map_err(PyErr::from)
                })?;
                if let Some(e) = after.as_ref().err().and_then(|e| {
                    compact::own_error(&self.game, l.source.as_ref(), e)
                        .or_else(|| compact::own_error(&self.game, s.source.as_ref(), e))
                }) {
                    return Err(e.into());
                }
                let after = after.map_err(compact::err(py, &self.game, &l.shape, format))?;
                return Ok(compact::array_as(py, &self.game, after, format, repacked, dtype.unwrap_or(Dt::U8))?);
            }
            if packed {
                return Err(value_error(format!(
                    "lights and presses packed must have the same shape, got {} and {}",
                    convert::shape_text(&l.shape),
                    convert::shape_text(&s.shape)
                ))
                .into());
            }
        }
        let b = self.board(lights, "lights")?;
        let s = self.board(presses, "presses")?;
        let after = self.ask_light(py, |g| g.apply(&b.values, &s.values))?;
        Ok(self.array(py, &after, b.natural, dtype.unwrap_or(b.out))?)
    }

    /// A random solvable board in the natural shape, in the smallest unsigned dtype that holds
    /// k - 1 (uint8 up to k = 256, drawn as bytes for large boards) or `dtype`, reproducible from `seed` (None: a fresh random seed). Uniform
    /// over the solvable boards by default; with `presses=k`, the board made by pressing k
    /// distinct random buttons; with `difficulty=d`, a board whose fewest-press solution has
    /// exactly d presses. `packed=True` gives it bit-packed (see `solve`).
    #[pyo3(signature = (seed=None, *, presses=None, difficulty=None, packed=false, dtype=None))]
    fn random_solvable<'py>(
        &self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
        presses: Option<&Bound<'py, PyAny>>,
        difficulty: Option<&Bound<'py, PyAny>>,
        packed: bool,
        dtype: Option<&Bound<'py, PyAny>>,
    ) -> LoResult<Bound<'py, PyAny>> {
        let seed = args::seed(seed)?;
        let presses = presses.filter(|p| !p.is_none()).map(|p| args::size(p, "presses")).transpose()?;
        let difficulty = difficulty.filter(|d| !d.is_none()).map(|d| args::nonneg(d, "difficulty")).transpose()?;
        let p = self.game.modulus().get();
        let dtype = args::result_dtype(dtype, packed, p)?.unwrap_or(Dt::smallest_for(p));
        let bytes = dtype == Dt::U8;
        let format = match (packed, bytes) {
            (true, _) => Some(lightsout_topo::BoardFormat::PACKED),
            (false, true) => Some(lightsout_topo::BoardFormat::BYTES),
            _ => None,
        };
        if presses.is_some() && difficulty.is_some() {
            return Err(value_error("give presses or difficulty, not both").into());
        }
        // Difficulty 0 means any board, as everywhere: the uniform draw, in the same format.
        let difficulty = difficulty.filter(|&d| d > 0);
        let board = match (presses, difficulty, format) {
            (Some(_), Some(_), _) => return Err(value_error("give presses or difficulty, not both").into()),
            (None, None, Some(f)) => {
                let data = self.ask_light(py, |g| g.random_solvable_board(seed, f))?;
                return Ok(compact::array(py, &self.game, data, f)?);
            }
            (None, None, None) => self.ask_light(py, |g| g.random_solvable(seed))?,
            (Some(k), None, _) => {
                let game = Arc::clone(&self.game);
                interruptible(py, move || game.random_with_presses(seed, k))??
            }
            (None, Some(d), _) => {
                let game = Arc::clone(&self.game);
                interruptible(py, move || game.random_with_difficulty(seed, d))??
            }
        };
        if let Some(f) = format {
            let data = self.game.encode_board(&board, f)?;
            return Ok(compact::array(py, &self.game, data, f)?);
        }
        Ok(self.array(py, &board, true, dtype)?)
    }

    /// The solution with the fewest presses (over Z_p: the smallest total press count),
    /// searched within `max_work` coset members and `max_time` seconds (default 2**32 and
    /// 60 s; `float("inf")` for either means no limit), with the GIL released. Both limits
    /// are hard: no more than `max_work` members are examined. The result says whether it is
    /// proven optimal. Sign convention over Z_p: the presses `s` satisfy `M s = -b (mod p)`
    /// for the board `b` (pressing them turns every light off). `progress=True` draws a bar
    /// on `sys.stderr` while an exhaustive search runs longer than a second.
    #[pyo3(signature = (lights, *, max_work=None, max_time=None, progress=false))]
    fn minimal_solution(
        &self,
        py: Python<'_>,
        lights: &Bound<'_, PyAny>,
        max_work: Option<&Bound<'_, PyAny>>,
        max_time: Option<&Bound<'_, PyAny>>,
        progress: bool,
    ) -> PyResult<MinimalSolution> {
        let Board { values, natural, out } = self.board(lights, "lights")?;
        let budget = args::budget(max_work, max_time)?;
        let game = Arc::clone(&self.game);
        let count = lightsout_core::progress::Progress::new();
        let mut bar = super::work::Bar::new(&count, "fewest presses");
        let work = move || count.run(|| game.minimal_solution(&values, &budget));
        let found = if progress {
            let found = super::work::interruptible_with(py, work, |py| bar.tick(py));
            bar.finish(py)?;
            found
        } else {
            interruptible(py, work)
        };
        let best = found?.map_err(self.err(py, natural))?;
        let presses = self.array(py, &best.presses, natural, out)?.unbind();
        Ok(MinimalSolution::new(presses, &best))
    }

    /// The hardest solvable board ("God's number"): a board whose fewest-press solution is as
    /// heavy as any, with `proven_optimal` or an `upper_bound` when the search stops at
    /// `max_work` solution weights or `max_time` seconds (default 2**32 and 60 s;
    /// `max_time=float("inf")` for no time limit), with the GIL released. `symmetry`: the
    /// symmetries the proof uses, `"detect"` (those of the grid, torus or cylinder that keep
    /// the quiet patterns), `"plain"` (none: the same answer after more work) or a list of
    /// permutations of the buttons (`perm[j]`: the image of button j, light order), each
    /// checked to keep the quiet patterns (`ValueError` otherwise).
    #[pyo3(
        signature = (*, max_work=None, max_time=None, symmetry=None),
        text_signature = "($self, *, max_work=None, max_time=None, symmetry='detect')"
    )]
    fn worst_case(
        &self,
        py: Python<'_>,
        max_work: Option<&Bound<'_, PyAny>>,
        max_time: Option<&Bound<'_, PyAny>>,
        symmetry: Option<&Bound<'_, PyAny>>,
    ) -> LoResult<WorstCase> {
        let budget = args::budget(max_work, max_time)?;
        let symmetry = args::symmetry(symmetry)?;
        let game = Arc::clone(&self.game);
        let worst = interruptible(py, move || game.worst_case_with(&budget, &symmetry))??;
        Ok(self.worst_result(py, &worst)?)
    }

    /// A board (or presses) as text in the board format: one line per row, `#` for holes.
    fn format(&self, values: &Bound<'_, PyAny>) -> LoResult<String> {
        let b = self.board(values, "values")?;
        Ok(text::format_board(&self.game, &b.values)?)
    }

    /// Parse a board of this game from text (the format of `format`); natural shape, the
    /// smallest unsigned dtype that holds k - 1.
    fn parse_lights<'py>(&self, py: Python<'py>, text: &str) -> LoResult<Bound<'py, PyAny>> {
        let lights = text::parse_lights(&self.game, text)?;
        Ok(self.array(py, &lights, true, Dt::smallest_for(self.game.modulus().get()))?)
    }

    /// An SVG picture of the game, optionally with a board and presses (rings) drawn on it.
    #[pyo3(signature = (lights=None, presses=None))]
    fn svg(&self, lights: Option<&Bound<'_, PyAny>>, presses: Option<&Bound<'_, PyAny>>) -> LoResult<String> {
        let read = |o: Option<&Bound<'_, PyAny>>, what| -> PyResult<Option<Vec<u32>>> {
            o.filter(|o| !o.is_none()).map(|o| self.board(o, what).map(|b| b.values)).transpose()
        };
        let (l, s) = (read(lights, "lights")?, read(presses, "presses")?);
        Ok(svg::render(&self.game, l.as_deref(), s.as_deref())?)
    }

    /// Where each light is drawn, as the SVG drawing and the notebook board place it: a dict
    /// with the picture's `width` and `height`, whether lights are circles (`round`), per
    /// light its centre `x`, `y`, half-size `r` and `coords`, the segments of edges glued
    /// straight (`wraps`) and glued with a twist (`twists`, the two edges of a pair running
    /// opposite ways), text `labels` (x, y, text), graph `links` (from, to, directed) and per button
    /// the lights it changes with the amount added (`buttons`).
    fn geometry<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        Ok(super::many::geometry(py, &self.game)?)
    }

    /// An interactive board for this game in a notebook (needs the `widget` extra): the same
    /// as `lightsout.play(game, board, seed)`.
    #[pyo3(signature = (board=None, seed=None))]
    fn widget<'py>(
        slf: &Bound<'py, Self>,
        board: Option<&Bound<'py, PyAny>>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let play = slf.py().import("lightsout.widget")?.getattr("play")?;
        play.call1((slf, board, seed))
    }

    /// Jupyter's picture of the game (None when it is too large to draw).
    fn _repr_svg_(&self) -> Option<String> {
        svg::render(&self.game, None, None).ok()
    }

    fn __repr__(&self) -> String {
        format!("<lightsout.Game {}, {} lights>", self.game.describe(), self.game.size())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyGame>().is_ok_and(|o| o.get().game.spec() == self.game.spec())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.game.spec().hash(&mut h);
        h.finish()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let rebuild = py.import("lightsout._core")?.getattr("from_spec")?;
        Ok((rebuild, (self.game.spec().to_string(),)))
    }
}

/// An exact count as a Python int: the product of its prime powers.
fn count_to_int(py: Python<'_>, count: lightsout_core::SolutionCount) -> PyResult<Bound<'_, PyAny>> {
    let mut total = 1i64.into_pyobject(py)?.into_any();
    match count.prime_powers() {
        None => Ok(0i64.into_pyobject(py)?.into_any()),
        Some(parts) => {
            for (p, x) in parts {
                total = total.mul(p.into_pyobject(py)?.into_any().pow(x, py.None())?)?;
            }
            Ok(total)
        }
    }
}
