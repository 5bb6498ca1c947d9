//! The command line: subcommands and options, with an example in every `--help`.

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

const MAIN_HELP: &str = "\
Examples:
  lightsout                                  solve the built-in classic puzzle (every light on)
  lightsout --preset cube                    the same for another preset
  lightsout solve --preset classic --lights board.txt
  lightsout decide torus.txt                 prints Yes or No
  lightsout analyze --grid 9x9 --json
  lightsout worst --grid 9x9                 the hardest board and how many presses it needs
  lightsout generate --preset 2000 --seed 7 | lightsout solve --preset 2000 --lights -
  lightsout play --preset classic
  lightsout dataset --preset classic --count 100000 --seed 1 > classic.csv

Boards are text, one line per row: a digit 0..p-1 is the state of a light ('.' also means 0)
and '#' is a hole (no light, no button); for p > 10 the cells are numbers separated by blanks.
A cube is its 6 faces (up, left, front, right, back, down), K rows each, separated by blank
lines; a graph is one row of n cells. Coordinates are 0-based (row, column).
Exit status: 0 success, 1 unsolvable board (solve), 2 bad usage or bad input.";

/// Solve, analyse, generate and play Lights Out on grids, tori, cylinders, Möbius bands, Klein bottles, projective planes, cubes, graphs and
/// boards with holes, with any number of states k >= 2 per light (Z_k, prime or not).
#[derive(Debug, Parser)]
#[command(name = "lightsout", version, after_help = MAIN_HELP, args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// What to do; without a command, solve the built-in puzzle of the topology (classic by default).
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Used when no command is given: the game whose built-in puzzle is solved.
    #[command(flatten)]
    pub topology: Topology,

    /// Used when no command is given.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve a board: print the presses that turn every light off.
    #[command(after_help = SOLVE_HELP)]
    Solve(SolveArgs),
    /// Answer the torus decision problem (n, k, then k lines "row col"): prints Yes or No.
    #[command(after_help = DECIDE_HELP)]
    Decide(DecideArgs),
    /// Rank, nullity, how many boards are solvable, the quiet patterns, symmetry of M.
    #[command(after_help = ANALYZE_HELP)]
    Analyze(AnalyzeArgs),
    /// Print a random solvable board (uniform over the solvable boards), reproducible with --seed.
    #[command(after_help = GENERATE_HELP)]
    Generate(GenerateArgs),
    /// Print random solvable boards with fewest-press solutions and exact distances (CSV or JSON lines).
    #[command(after_help = DATASET_HELP)]
    Dataset(DatasetArgs),
    /// Play in the terminal: press buttons by coordinates, ask for a hint, or watch it auto-play.
    #[command(after_help = PLAY_HELP)]
    Play(PlayArgs),
    /// How hard are the boards: how many solvable boards need each minimal number of presses.
    #[command(after_help = STATS_HELP)]
    Stats(StatsArgs),
    /// The hardest solvable board: the most presses any board needs ("God's number"), proven
    /// or with an upper bound.
    #[command(after_help = WORST_HELP)]
    Worst(WorstArgs),
    /// List the built-in games (for --preset).
    #[command(after_help = "Example:\n  lightsout presets")]
    Presets,
}

const TOPOLOGY_HEADING: &str = "Topology (at most one; default --preset classic)";

/// Which game: a preset, a generated shape, a graph or a drawn board, with its modulus and rule.
#[derive(Debug, Clone, Default, Args)]
#[group(skip)]
pub struct Topology {
    /// A built-in game: classic, mini, deluxe, 2000, cube, merlin (see `lightsout presets`).
    #[arg(long, value_name = "NAME", group = "shape", help_heading = TOPOLOGY_HEADING)]
    pub preset: Option<String>,
    /// A rows x columns grid with cut-off edges, e.g. 5x5.
    #[arg(long, value_name = "RxC", value_parser = parse_dims, group = "shape", help_heading = TOPOLOGY_HEADING)]
    pub grid: Option<(usize, usize)>,
    /// A rows x columns torus (wraps around both ways), e.g. 4x4.
    #[arg(long, value_name = "RxC", value_parser = parse_dims, group = "shape", help_heading = TOPOLOGY_HEADING)]
    pub torus: Option<(usize, usize)>,
    /// A rows x columns cylinder (columns wrap around, rows do not).
    #[arg(long, value_name = "RxC", value_parser = parse_dims, group = "shape", help_heading = TOPOLOGY_HEADING)]
    pub cylinder: Option<(usize, usize)>,
    /// A rows x columns Möbius band (left and right edges glued with a twist: a step right
    /// from row r's last light lands on row rows-1-r's first; top and bottom cut off).
    #[arg(long, value_name = "RxC", value_parser = parse_dims, group = "shape", help_heading = TOPOLOGY_HEADING)]
    pub mobius: Option<(usize, usize)>,
    /// A rows x columns Klein bottle (left and right edges glued with a twist, top and bottom
    /// straight).
    #[arg(long, value_name = "RxC", value_parser = parse_dims, group = "shape", help_heading = TOPOLOGY_HEADING)]
    pub klein: Option<(usize, usize)>,
    /// A rows x columns real projective plane (both pairs of edges glued with a twist; a
    /// corner's two outside neighbours are both the opposite corner).
    #[arg(long, value_name = "RxC", value_parser = parse_dims, group = "shape", help_heading = TOPOLOGY_HEADING)]
    pub projective: Option<(usize, usize)>,
    /// A cube with K x K lights on each of its 6 faces (the Lights Out Cube is 3).
    #[arg(long, value_name = "K", group = "shape", help_heading = TOPOLOGY_HEADING)]
    pub cube: Option<usize>,
    /// A graph from an edge list: optional first line n, then lines "u v" (0-based; '#' comments).
    /// A press toggles the vertex and its neighbours (--rule neighbours: only the neighbours).
    #[arg(long, value_name = "FILE", group = "shape", help_heading = TOPOLOGY_HEADING)]
    pub graph: Option<PathBuf>,
    /// An explicit n x n press matrix as a PBM or PGM image (entry (r, c) = what button c adds
    /// to light r): a PBM is a GF(2) matrix, factored as it is by the packed dense engine (a raw
    /// P4 file is read bit-packed); a PGM is a matrix over Z_(maxval + 1), or --modulus K.
    #[arg(long, value_name = "FILE", group = "shape", help_heading = TOPOLOGY_HEADING)]
    pub matrix: Option<PathBuf>,
    /// With --graph: the edges "u v" go one way, a press at u toggles v but not the reverse.
    #[arg(long, requires = "graph", help_heading = TOPOLOGY_HEADING)]
    pub directed: bool,
    /// A board drawn as text (its shape, holes '#' and lights in one file; '-' for standard input).
    #[arg(long, value_name = "FILE", group = "shape", help_heading = TOPOLOGY_HEADING)]
    pub board: Option<PathBuf>,
    /// The number of states of a light, any k with 2 <= k < 2^31, prime or not (default 2, or
    /// the preset's own; with --preset, the preset's shape and rule over Z_K). Board files
    /// use the digits 0 to k-1 (numbers separated by blanks when k > 10).
    #[arg(long, value_name = "K", help_heading = TOPOLOGY_HEADING)]
    pub modulus: Option<u64>,
    /// What a press does: plus (itself and its 4 neighbours, the default), neighbours (not
    /// itself), moore (its 3x3 block), knight (itself and its 8 knight moves), or
    /// stencil:DR,DC;DR,DC;... (offsets; include 0,0 to toggle itself).
    #[arg(long, value_name = "RULE", help_heading = TOPOLOGY_HEADING)]
    pub rule: Option<String>,
}

/// Output options shared by the commands that print a result.
#[derive(Debug, Clone, Default, Args)]
pub struct OutputArgs {
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also draw the board (and the presses) as an SVG picture in FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

const SOLVE_HELP: &str = "\
Which board is solved:
  --lights FILE    the board in the text format for the topology ('-' reads standard input);
                   without a topology the file's own shape is used (like --board)
  --board FILE     the lights drawn in the board file
  --random S       the random solvable board of seed S (as `lightsout generate --seed S`)
  none of these    the built-in puzzle: every light on (or, if that cannot be solved, a random
                   solvable board from seed 1; the output says which)

The presses are printed as a board: for each button, how many times to press it (0 or 1 over
GF(2)). For an unsolvable board the obstruction is shown and the exit status is 1.

Large boards: --lights also reads Netpbm images, recognised by their magic number: PBM (P1
plain, P4 raw: one bit a light) for two states, PGM (P2 plain, P5 raw: one byte a light,
maxval at most 255) for k states. The image is the board's natural array: width = its
columns, height = its rows (6k rows for a cube, one row for a graph), holes 0, 1 (black) =
lit. Without a topology option the image makes a grid of its size (modulus 2 for a PBM,
maxval + 1 for a PGM). A wrong magic number, a wrong size, a truncated file or a value at or
above k is an error (exit 2). --out FILE writes the presses to FILE instead of drawing them:
raw PBM (P4, rows padded to whole bytes, first light in the top bit) for FILE.pbm, raw PGM
(P5, maxval k-1) for FILE.pgm, the text format for other names; the output is then a short
report. A GF(2) grid stays bit-packed from the image (or --random) to the file.
--json prints {\"solvable\", \"presses\" (flat, light order: row-major, holes skipped),
\"nullity\", \"modulus\", \"solution_count\" (exact decimal string), ...}.

Examples:
  lightsout solve --preset classic
  lightsout solve --grid 7x7 --lights board.txt --all --limit 10
  lightsout solve --board level.txt --minimal --svg solution.svg
  lightsout solve --torus 1000x1000 --random 7 --json > answer.json
  lightsout solve --torus 8x8 --random 1 --minimal --scheduler tcp://10.0.0.5:8786
  printf '111\\n1#1\\n111\\n' | lightsout solve --lights -
  lightsout solve --grid 10000x10000 --random 1 --out presses.pbm
  lightsout solve --lights board.pbm --out presses.pbm";

/// `lightsout solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The game.
    #[command(flatten)]
    pub topology: Topology,
    /// The board to solve, in the text format ('-' for standard input).
    #[arg(long, value_name = "FILE")]
    pub lights: Option<PathBuf>,
    /// Solve a random solvable board made from seed S (the board `generate --seed S` prints).
    #[arg(long, value_name = "S", conflicts_with = "lights")]
    pub random: Option<u64>,
    /// Write the presses to FILE instead of printing them: a raw PBM image (FILE.pbm, modulus
    /// 2), a raw PGM image (FILE.pgm, modulus up to 256) or the text format (any other name).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["all", "minimal", "svg"])]
    pub out: Option<PathBuf>,
    /// List every solution (lazily, one board after another).
    #[arg(long)]
    pub all: bool,
    /// With --all: stop after K solutions.
    #[arg(long, value_name = "K", requires = "all")]
    pub limit: Option<u64>,
    /// The solution with the fewest presses (over Z_p: the smallest total press count).
    #[arg(long, conflicts_with = "all")]
    pub minimal: bool,
    /// With --minimal: give up proving the fewest presses after this many seconds and report
    /// the best found with a lower bound.
    /// `inf` for no limit (of time or work: the search runs until it has its proof, with a
    /// progress bar).
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, requires = "minimal", allow_negative_numbers = true)]
    pub time_limit: f64,
    /// With --minimal: prove the fewest presses on the Dask cluster at ADDRESS ('local' for a
    /// cluster on this machine), through Python (LIGHTSOUT_PYTHON, default python3, with
    /// `pip install 'lightsout-solver[dask]'`). --time-limit applies to the whole run.
    #[arg(long, value_name = "ADDRESS", requires = "minimal")]
    pub scheduler: Option<String>,
    /// Output options.
    #[command(flatten)]
    pub output: OutputArgs,
}

const DECIDE_HELP: &str = "\
The input (from FILE, or standard input if FILE is missing or '-'):
  n            the side of an n x n torus (plus rule: a press toggles itself and its 4
               neighbours, wrapping around the edges; two states)
  k            the number of lit lights
  row col      k lines, 0-based
Prints exactly Yes (every light can be turned off) or No, and exits 0 for both.

Example:
  printf '3\\n3\\n0 1\\n0 2\\n1 0\\n' | lightsout decide";

/// `lightsout decide`.
#[derive(Debug, Args)]
pub struct DecideArgs {
    /// The decision file ('-' or nothing: standard input).
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}

const ANALYZE_HELP: &str = "\
Prints the number of lights, the rank and nullity of the press matrix M over Z_p, how many
boards are solvable (p^rank of p^lights), whether M is symmetric, and the quiet patterns
(presses that change nothing) drawn as boards.
--json prints {\"lights\", \"rank\", \"nullity\", \"modulus\", \"symmetric\", \"solvable_boards\",
\"quiet_patterns\", ...}. Counts are exact decimal strings (\"p^k\" past 1000 digits); the
exponents are given as numbers too (\"solvable_boards_exponent\").

--pseudoinverse FILE writes the pseudoinverse W (row i for button i) as a PBM image over GF(2),
a PGM image for FILE.pgm, else as text; `--matrix FILE` reads such images back. Over a composite
modulus W exists when every elementary divisor is a unit or zero in each prime-power factor.

Examples:
  lightsout analyze --preset classic
  lightsout analyze --torus 5x5 --modulus 3 --json
  lightsout analyze --grid 6x6 --modulus 6 --pseudoinverse w.pgm";

/// `lightsout analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// The game.
    #[command(flatten)]
    pub topology: Topology,
    /// Show at most this many quiet patterns (in the text and in --json).
    #[arg(long, value_name = "K", default_value_t = 8)]
    pub patterns: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write the pseudoinverse W (W(-b) solves every solvable board b) to FILE: a PBM
    /// image over GF(2), a PGM image (.pgm) for a modulus up to 256, else text.
    #[arg(long, value_name = "FILE")]
    pub pseudoinverse: Option<std::path::PathBuf>,
}

const GENERATE_HELP: &str = "\
Prints a board drawn uniformly from the solvable boards (M times uniformly random presses) in
the text format, so it can be piped into `lightsout solve --lights -`. Without --seed a seed is
chosen at random and reported on standard error.

--presses K makes the board by pressing K distinct random buttons; --difficulty D draws a board
whose fewest-press solution needs exactly D presses (exact for games small enough to enumerate);
--difficulty 0 means any board (the uniform one), as in Python, C and `dataset`.

--out FILE writes the board to FILE instead: a raw PBM image for FILE.pbm (modulus 2, bit-
packed), a raw PGM image for FILE.pgm (modulus up to 256), the text format otherwise.

Examples:
  lightsout generate --preset classic --seed 42
  lightsout generate --grid 10000x10000 --seed 1 --out board.pbm
  lightsout generate --preset classic --difficulty 15 --seed 3
  lightsout generate --cube 4 --seed 1 --svg puzzle.svg";

/// `lightsout generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The game.
    #[command(flatten)]
    pub topology: Topology,
    /// The seed of the random board (the same seed gives the same board).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Instead of a uniform board: the board made by pressing K distinct random buttons once
    /// (so it can be solved in at most K presses).
    #[arg(long, value_name = "K", conflicts_with = "difficulty")]
    pub presses: Option<usize>,
    /// Instead of a uniform board: a board whose fewest-press solution has exactly D presses
    /// (0: any board, the uniform one, as everywhere).
    #[arg(long, value_name = "D")]
    pub difficulty: Option<u64>,
    /// Write the board to FILE instead of printing it: a raw PBM image (FILE.pbm), a raw PGM
    /// image (FILE.pgm) or the text format (any other name).
    #[arg(long, value_name = "FILE", conflicts_with = "svg")]
    pub out: Option<PathBuf>,
    /// Output options.
    #[command(flatten)]
    pub output: OutputArgs,
}

const STATS_HELP: &str = "\
For a game small enough to enumerate (p^lights coset members, at most 2^32): the number of
solvable boards at each minimal press count, the largest minimal press count and the mean, as
a table (or --json) and, with --svg, as a bar chart.
With --grids N instead: the nullity of the n x n grid over GF(2) for n = 1..N (--svg plots it).

Examples:
  lightsout stats --preset classic --svg classic.svg
  lightsout stats --torus 5x7 --scheduler local
  lightsout stats --grids 30";

/// `lightsout stats`.
#[derive(Debug, Args)]
#[command(mut_arg("svg", |a| a.help("Also draw the histogram (or, with --grids, the nullity plot) as an SVG picture in FILE")))]
pub struct StatsArgs {
    /// The game.
    #[command(flatten)]
    pub topology: Topology,
    /// The nullity of the n x n grids for n = 1..N instead of the statistics of one game.
    #[arg(long, value_name = "N", conflicts_with = "shape")]
    pub grids: Option<usize>,
    /// Give up after this many seconds (a partial table would be wrong, so that is an error);
    /// `inf` for no limit.
    #[arg(long, value_name = "SECONDS", default_value_t = 600.0, allow_negative_numbers = true)]
    pub time_limit: f64,
    /// Count on the Dask cluster at ADDRESS ('local' for a cluster on this machine), through
    /// Python (LIGHTSOUT_PYTHON, default python3, with `pip install 'lightsout-solver[dask]'`):
    /// up to 2^40 coset members (p^lights) by default rather than 2^32.
    #[arg(long, value_name = "ADDRESS", conflicts_with = "grids")]
    pub scheduler: Option<String>,
    /// The most coset members (p^lights) to walk: a game past it is refused at once. Default
    /// 2^32 on this machine, 2^40 with --scheduler.
    #[arg(long, value_name = "N", conflicts_with = "grids")]
    pub max_work: Option<u64>,
    /// Output options.
    #[command(flatten)]
    pub output: OutputArgs,
}

const WORST_HELP: &str = "\
Prints a solvable board whose best solution needs as many presses as any board of the game,
and whether that is proven (every board then needs at most that many) or, past the budget, an
upper bound. Presses count with multiplicity over Z_p.
--json prints {\"weight\", \"upper_bound\", \"proven_optimal\", \"board\", \"presses\" (flat,
light order), \"nullity\", \"modulus\", ...}.

Examples:
  lightsout worst --grid 9x9
  lightsout worst --preset classic --json
  lightsout worst --torus 6x6 --modulus 3 --svg hardest.svg
  lightsout worst --grid 19x19 --time-limit 30
  lightsout worst --torus 5x5 --symmetry plain
  lightsout worst --grid 16x16 --scheduler local --checkpoint 16.json --time-limit inf
  lightsout worst --grid 16x16 --scheduler local --resume 16.json --time-limit inf
  lightsout worst --grid 19x19 --time-limit 60 --record docs/worst_case_table.json
  lightsout worst --check docs/worst_case_table.json --max-nullity 20";

/// `lightsout worst`.
#[derive(Debug, Args)]
pub struct WorstArgs {
    /// The game.
    #[command(flatten)]
    pub topology: Topology,
    /// Stop the search after this many seconds and report the best board and an upper bound;
    /// `inf` for no limit.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, allow_negative_numbers = true)]
    pub time_limit: f64,
    /// Stop after this much work (solution weights updated); no limit by default. With
    /// --scheduler: the work of what runs on this machine (the local search). 0 is no budget
    /// and is refused, as in every front end.
    #[arg(long, value_name = "N", value_parser = positive_work)]
    pub max_work: Option<u64>,
    /// Prove on a Dask cluster: a scheduler address (tcp://HOST:PORT) or `local` for this
    /// machine's cores. Runs `python -m lightsout.distributed` (the interpreter in
    /// $LIGHTSOUT_PYTHON, default python3; `pip install 'lightsout-solver[dask]'`).
    #[arg(long, value_name = "ADDRESS")]
    pub scheduler: Option<String>,
    /// With --scheduler: cut each decision of the proof into at least N tasks (default 256).
    #[arg(long, value_name = "N", requires = "scheduler")]
    pub tasks: Option<u64>,
    /// With --scheduler: record the run in FILE (the bound proven so far and the finished
    /// tasks), so that --resume FILE carries on after a crash or Ctrl-C.
    #[arg(long, value_name = "FILE", requires = "scheduler")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// With --scheduler: carry on from the checkpoint FILE (and go on recording in it).
    #[arg(long, value_name = "FILE", requires = "scheduler")]
    pub resume: Option<std::path::PathBuf>,
    /// Merge the answer into the worst-case table FILE (JSON, made if missing): a new entry
    /// for the game, or a better lower bound (with its witness board) or upper bound for its
    /// entry, each with this run as the one that established it.
    #[arg(long, value_name = "FILE")]
    pub record: Option<std::path::PathBuf>,
    /// Check every entry of the worst-case table FILE instead of searching: its witness board
    /// needs exactly its lower bound (the fewest-press search visits every solution), its
    /// bounds agree with "proven", its game has the nullity it says. Exit status 2 if any
    /// entry is wrong.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["shape", "scheduler", "record"])]
    pub check: Option<std::path::PathBuf>,
    /// The symmetries the proof uses (the grid's, torus's or cylinder's, checked against the
    /// game): the same answer either way, `plain` after more work (to compare). With
    /// --scheduler too.
    #[arg(long, value_enum, value_name = "KIND", default_value_t = SymmetryKind::Detect)]
    pub symmetry: SymmetryKind,
    /// With --check: check only the entries of nullity at most N (each witness is weighed over
    /// its p^nullity solutions).
    #[arg(long, value_name = "N", requires = "check")]
    pub max_nullity: Option<u64>,
    /// Output options.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// `lightsout worst --symmetry`: which symmetries the worst-case proof uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SymmetryKind {
    /// The game's symmetries that keep its quiet patterns: one board of each orbit searched.
    Detect,
    /// No symmetries: every board searched.
    Plain,
}

impl SymmetryKind {
    /// The core's choice, and its name as the Python side takes it (`--symmetry NAME`).
    pub fn choice(self) -> (lightsout_core::minimal::Symmetry, &'static str) {
        match self {
            SymmetryKind::Detect => (lightsout_core::minimal::Symmetry::Detect, "detect"),
            SymmetryKind::Plain => (lightsout_core::minimal::Symmetry::Plain, "plain"),
        }
    }
}

const PLAY_HELP: &str = "\
Commands, one per line:
  R C        press the button at row R, column C (0-based; a cube takes FACE R C, a graph V)
  hint       show one button of a solution of the current board
  auto       play the solution step by step until every light is out
  show       show the board again
  new        a new random board          reset   back to the start of this board
  help       list the commands           quit    stop (so does the end of the input)
Example (it works from a pipe too):
  printf 'hint\\nauto\\nquit\\n' | lightsout play --preset classic --seed 1";

/// `lightsout play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game.
    #[command(flatten)]
    pub topology: Topology,
    /// The seed of the first random board (each `new` board uses the next seed).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
}

/// Read a time limit in seconds: a positive number; `inf`, or any time too long to represent
/// (past 5.8e11 years), means no limit (`None`). Zero, negative numbers and NaN are refused.
pub fn seconds(value: f64, flag: &str) -> Result<Option<std::time::Duration>, String> {
    if value.is_nan() || value <= 0.0 {
        // {:?} keeps extreme values short (1e-300, not 300 digits).
        return Err(format!("{flag} expects a positive number of seconds (or inf for no limit), found {value:?}"));
    }
    match std::time::Duration::try_from_secs_f64(value) {
        Ok(d) if d.is_zero() => {
            Err(format!("{flag} expects a positive number of seconds, found {value:?}, which rounds to 0 ns"))
        }
        Ok(d) => Ok(Some(d)),
        Err(_) => Ok(None),
    }
}

/// Read `--max-work N`: a positive count; 0 is no budget (leave the option out for no limit).
pub fn positive_work(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("0 is no budget: give a positive count, or leave --max-work out for no limit".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("expected a positive whole number, found {text:?} ({e})")),
    }
}

/// Parse `RxC` (also `RXC` or `R*C`) into two numbers.
pub fn parse_dims(text: &str) -> Result<(usize, usize), String> {
    let (r, c) =
        text.split_once(['x', 'X', '*']).ok_or_else(|| format!("expected ROWSxCOLUMNS such as 5x5, found {text:?}"))?;
    let number = |s: &str, what: &str| {
        let s = s.trim();
        s.parse::<usize>().map_err(|e| match e.kind() {
            std::num::IntErrorKind::Empty => format!("expected ROWSxCOLUMNS such as 5x5, but the {what} is missing"),
            std::num::IntErrorKind::PosOverflow => {
                format!("expected ROWSxCOLUMNS such as 5x5, but the {what} {s} is too large (at most {})", usize::MAX)
            }
            _ => format!("expected ROWSxCOLUMNS such as 5x5, but the {what} {s:?} is not a whole number"),
        })
    };
    Ok((number(r, "number of rows")?, number(c, "number of columns")?))
}

/// Arguments of `lightsout dataset`.
#[derive(Debug, Args)]
pub struct DatasetArgs {
    /// The game.
    #[command(flatten)]
    pub topology: Topology,
    /// How many rows to print.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub count: usize,
    /// Only boards whose fewest-press solution has exactly D presses (0: uniform, as without it).
    #[arg(long, value_name = "D")]
    pub difficulty: Option<u64>,
    /// The seed (the same seed gives the same rows, here and in Python's lightsout.dataset).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Print JSON lines ({"board": [...], "presses": [...], "distance": d}) instead of CSV.
    #[arg(long)]
    pub json: bool,
}

const DATASET_HELP: &str = "\
Prints random solvable boards with a fewest-press solution and its exact length (the distance),
one row per board: CSV with a header (b0.. the lights, s0.. the presses, one column per light in
light order, then distance), or JSON lines with --json. Boards are uniform over the solvable
boards (also with --difficulty 0, as in Python and C), or with --difficulty D over those that
need exactly D presses. Every solution of every
board is examined, so the game may have at most 65536 solutions per board.

Examples:
  lightsout dataset --preset classic --count 100000 --seed 1 > classic.csv
  lightsout dataset --torus 4x4 --difficulty 6 --count 10 --json";
