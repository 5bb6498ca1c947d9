//! `lightsout solve` (and `lightsout` with no command): the presses that turn a board off.

use crate::args::{OutputArgs, SolveArgs, Topology};
use crate::cmd::solve_out;
use crate::error::{CliError, CliResult};
use crate::input::{self, Input};
use crate::progress::Spinner;
use crate::show;
use crate::topology;
use lightsout_core::minimal::{Budget, MinimalSolution};
use lightsout_topo::{text, Game};
use serde_json::{json, Value};
use std::io::Write;

/// Where the board being solved came from, said in the output.
enum Origin {
    /// A file (or standard input).
    File(String),
    /// The built-in puzzle: every light on.
    AllOn,
    /// A random solvable board, because every light on cannot be solved.
    Fallback(u64),
    /// The random solvable board asked for with `--random`.
    Random(u64),
}

impl Origin {
    fn describe(&self) -> String {
        match self {
            Origin::File(name) => format!("from {name}"),
            Origin::AllOn => "the built-in puzzle, every light on; give --lights FILE to solve your own".into(),
            Origin::Random(seed) => format!("a random solvable board, seed {seed}"),
            Origin::Fallback(seed) => format!(
                "the built-in puzzle: every light on cannot be solved here, so a random solvable board \
                 (seed {seed}); give --lights FILE to solve your own"
            ),
        }
    }
}

/// The topology for an image board: the options given, or without a shape a grid of the
/// image's size with two states for a PBM and maxval + 1 for a PGM (unless --modulus says).
fn image_topology(topology: &Topology, img: &lightsout_topo::image::Image) -> Topology {
    let mut t = topology.clone();
    if !t.has_shape() {
        t.grid = Some((img.height, img.width));
        t.modulus = t.modulus.or(Some(img.states));
    }
    t
}

/// The seed of the random board used when the all-on board has no solution.
const BUILT_IN_SEED: u64 = 1;

/// `lightsout` with no command: solve the built-in puzzle of the topology.
pub fn run_default(topology: Topology, output: OutputArgs, out: &mut dyn Write) -> CliResult<()> {
    let args = SolveArgs {
        topology,
        lights: None,
        random: None,
        out: None,
        all: false,
        limit: None,
        minimal: false,
        time_limit: 60.0,
        scheduler: None,
        output,
    };
    run(args, out)
}

/// Run `lightsout solve`.
pub fn run(args: SolveArgs, out: &mut dyn Write) -> CliResult<()> {
    if let (Some(lights), Some(board)) = (&args.lights, &args.topology.board) {
        if input::is_stdin(lights) && input::is_stdin(board) {
            return Err(CliError::input("--board and --lights cannot both read standard input ('-')"));
        }
    }
    let raw = args.lights.as_deref().map(input::read_bytes).transpose()?;
    let (lights_input, image) = match raw {
        Some((name, bytes)) if lightsout_topo::image::is_image(&bytes) => {
            (None, Some((lightsout_topo::image::parse_board_owned(&name, bytes)?, name)))
        }
        Some((name, bytes)) => (Some(input::text(name, bytes)?), None),
        None => (None, None),
    };
    let built = match &image {
        Some((img, _)) => image_topology(&args.topology, img).build()?,
        None => topology::build_with_lights(&args.topology, lights_input.as_ref())?,
    };
    let game = built.game;
    // What cannot be solved is refused before a board is dealt or read into it.
    game.check_engine_fits().map_err(|e| CliError::input(format!("{}: {e}", game.describe())))?;
    if let Some(path) = &args.out {
        solve_out::output_format(path, &game)?;
        let (board, origin) = match (image, lights_input, built.board, args.random) {
            (Some((img, name)), ..) => {
                let (data, format) = img.board_for(&game)?;
                (solve_out::Board::Compact(data, format), Origin::File(name))
            }
            (_, Some(input), _, _) => {
                (solve_out::Board::Lights(parse_lights(&game, &input)?), Origin::File(input.name))
            }
            (_, _, Some(lights), _) => {
                let name = args.topology.board.as_ref().map_or("<stdin>".into(), |p| display_name(p));
                (solve_out::Board::Lights(lights), Origin::File(name))
            }
            (_, _, _, Some(seed)) => (solve_out::Board::Random(seed), Origin::Random(seed)),
            _ => {
                let (lights, origin) = built_in_puzzle(&game)?;
                (solve_out::Board::Lights(lights), origin)
            }
        };
        return solve_out::run(&game, board, &origin.describe(), path, args.output.json, out);
    }
    let image_board = match image {
        Some((img, name)) => {
            let (data, format) = img.board_for(&game)?;
            Some((game.decode_board("lights", &data, format)?, Origin::File(name)))
        }
        None => None,
    };
    show::check_svg(&args.output, &game)?;
    if args.all && args.limit.is_none() {
        check_all_fits(&game)?;
    }
    let (board, origin) = match (lights_input, built.board) {
        _ if image_board.is_some() => image_board.expect("an image board"),
        (_, Some(_)) if args.random.is_some() => {
            return Err(CliError::input("--random cannot be used with --board, whose file already holds the lights"))
        }
        // Without a topology the lights file gave the shape (and the lights) itself.
        (Some(input), Some(lights)) if !args.topology.has_shape() => (lights, Origin::File(input.name)),
        (Some(input), _) => (parse_lights(&game, &input)?, Origin::File(input.name)),
        (None, Some(lights)) => {
            let name = args.topology.board.as_ref().map_or("<stdin>".into(), |p| display_name(p));
            (lights, Origin::File(name))
        }
        (None, None) => match args.random {
            Some(seed) => (game.random_solvable(seed)?, Origin::Random(seed)),
            None => built_in_puzzle(&game)?,
        },
    };
    topology::prepare(&game)?;
    let presses = match game.solve(&board) {
        Ok(presses) => presses,
        Err(e) if e.is_unsolvable() => {
            let obstruction = match &e {
                lightsout_topo::Error::Core(lightsout_core::Error::Unsolvable { obstruction, .. }) => {
                    obstruction.clone()
                }
                _ => Vec::new(),
            };
            unsolvable(&game, &board, &origin, &obstruction, &args.output, out)?;
            return Err(CliError::Unsolvable);
        }
        Err(e) => return Err(e.into()),
    };
    let minimal = match (args.minimal, &args.scheduler) {
        (false, _) => None,
        (true, None) => Some(fewest(&game, &presses, args.time_limit)?),
        (true, Some(address)) => {
            crate::args::seconds(args.time_limit, "--time-limit").map_err(CliError::input)?;
            Some(crate::remote::minimal(&game, &board, address, args.time_limit)?)
        }
    };
    let presses = minimal.as_ref().map_or(presses, |m| m.presses.clone());
    if let Some(path) = &args.output.svg {
        show::write_svg(path, &game, Some(&board), Some(&presses))?;
    }
    if args.all {
        return all(&game, &board, &origin, args.limit, args.output.json, out);
    }
    if args.output.json {
        let mut value = summary(&game, &board, true)?;
        value["presses"] = json!(presses);
        value["press_count"] = json!(show::press_count(&presses));
        if let Some(m) = &minimal {
            value["minimal"] = json!({
                "proven_optimal": m.proven_optimal,
                "lower_bound": m.lower_bound,
                "explored": m.explored,
            });
        }
        writeln!(out, "{value}")?;
        return Ok(());
    }
    print_board(&game, &board, &origin, out)?;
    match &minimal {
        None => print_presses(&game, &presses, "Presses", out)?,
        Some(m) if m.proven_optimal => print_presses(&game, &presses, "Fewest presses, proven", out)?,
        Some(m) => {
            print_presses(&game, &presses, "Fewest presses found", out)?;
            writeln!(
                out,
                "Not proven fewest: the search stopped after {} steps; every solution needs at least {} presses.",
                m.explored, m.lower_bound
            )?;
        }
    }
    let count = game.count_solutions(&board)?;
    let structure = topology::structure(&game)?;
    let more = match (count.exponent() == Some(0), args.minimal) {
        (true, _) => "",
        (false, false) => "; --all lists them, --minimal finds the one with the fewest presses",
        (false, true) => "; --all lists them",
    };
    writeln!(
        out,
        "{structure}: this board has {} solution{}{more}.",
        show::power(count),
        if count.exponent() == Some(0) { "" } else { "s" }
    )?;
    Ok(())
}

/// `--all` without `--limit` needs every quiet pattern: refuse before any board is drawn or
/// solved when they cannot fit in memory.
fn check_all_fits(game: &Game) -> CliResult<()> {
    if !game.modulus().is_prime() {
        return Ok(()); // the ring solver is dense: its generators are small
    }
    topology::prepare(game)?;
    let needed = game.nullity()? as u128 * game.size() as u128 * 4;
    let limit = lightsout_core::limits::MAX_DENSE_BYTES;
    if needed > limit {
        return Err(CliError::input(format!(
            "{}: --all needs all {} quiet patterns ({}, over the {} limit); --limit K lists only the first K \
             solutions",
            game.describe(),
            game.nullity()?,
            lightsout_core::error::bytes_text(needed),
            lightsout_core::error::human_bytes(limit)
        )));
    }
    Ok(())
}

/// The fewest-press member of the solutions of the board that `presses` solves. With no time
/// limit there is no work limit either: the search runs until it has its proof, with a
/// progress bar on a terminal.
fn fewest(game: &Game, presses: &[u32], seconds: f64) -> CliResult<MinimalSolution> {
    let time = crate::args::seconds(seconds, "--time-limit").map_err(CliError::input)?;
    let budget = if time.is_none() { Budget::unlimited() } else { Budget { max_time: time, ..Budget::default() } };
    let progress = lightsout_core::progress::Progress::new();
    let _spinner = Spinner::follow(
        "searching for the fewest presses",
        if game.null_orders()?.len() > 20 { usize::MAX } else { 0 },
        &progress,
    );
    Ok(progress.run(|| game.minimal_from_presses(presses, &budget))?)
}

fn display_name(path: &std::path::Path) -> String {
    if input::is_stdin(path) {
        "<stdin>".into()
    } else {
        path.display().to_string()
    }
}

/// Parse a `--lights` file against the game's shape.
fn parse_lights(game: &Game, input: &Input) -> CliResult<Vec<u32>> {
    text::parse_lights(game, &input.text).map_err(|e| CliError::from_topo(&input.name, e))
}

/// Every light on if that can be solved, else a random solvable board.
fn built_in_puzzle(game: &Game) -> CliResult<(Vec<u32>, Origin)> {
    // Refused by its size before the all-on board is allocated (a game too large for light
    // vectors is solved from an image or --random with --out FILE.pbm).
    game.check_light_vectors()?;
    topology::prepare(game)?;
    let all_on = vec![1; game.size()];
    if game.is_solvable(&all_on)? {
        Ok((all_on, Origin::AllOn))
    } else {
        Ok((game.random_solvable(BUILT_IN_SEED)?, Origin::Fallback(BUILT_IN_SEED)))
    }
}

/// The keys every JSON answer of `solve` has.
fn summary(game: &Game, board: &[u32], solvable: bool) -> CliResult<Value> {
    let mut value = json!({
        "game": game.describe(),
        "lights": game.size(),
        "modulus": game.modulus().get(),
        "rank": topology::rank_nullity(game)?.map(|r| r.0),
        "nullity": topology::rank_nullity(game)?.map(|r| r.1),
        "kernel_size": show::count_json(game.kernel_size()?),
        "solvable": solvable,
        "board": board,
    });
    if solvable {
        let count = game.count_solutions(board)?;
        value["solution_count"] = show::count_json(count);
        value["solution_count_exponent"] = json!(count.exponent());
    }
    Ok(value)
}

fn print_board(game: &Game, board: &[u32], origin: &Origin, out: &mut dyn Write) -> CliResult<()> {
    writeln!(out, "{}", show::headline(game))?;
    writeln!(out, "Board ({}):", origin.describe())?;
    write!(out, "{}", show::board(game, board)?)?;
    writeln!(out)?;
    Ok(())
}

fn print_presses(game: &Game, presses: &[u32], title: &str, out: &mut dyn Write) -> CliResult<()> {
    let count = show::press_count(presses);
    let unit = if count == 1 { "press" } else { "presses" };
    if game.modulus().get() == 2 {
        writeln!(out, "{title} ({count} {unit}; 1 = press that button):")?;
    } else {
        writeln!(out, "{title} ({count} {unit}; each entry is how many times to press that button):")?;
    }
    write!(out, "{}", show::board(game, presses)?)?;
    if let Some(list) = show::press_list(game, presses, 40) {
        writeln!(out, "Press: {list}")?;
    }
    Ok(())
}

fn unsolvable(
    game: &Game,
    board: &[u32],
    origin: &Origin,
    obstruction: &[u32],
    output: &OutputArgs,
    out: &mut dyn Write,
) -> CliResult<()> {
    if let Some(path) = &output.svg {
        show::write_svg(path, game, Some(board), None)?;
    }
    let p = game.modulus().get() as u64;
    let weighted: u64 = obstruction.iter().zip(board).map(|(&y, &b)| y as u64 * b as u64 % p).sum::<u64>() % p;
    if output.json {
        let mut value = summary(game, board, false)?;
        value["obstruction"] = json!(obstruction);
        writeln!(out, "{value}")?;
        return Ok(());
    }
    print_board(game, board, origin, out)?;
    writeln!(out, "This board cannot be solved.")?;
    if obstruction.len() == game.size() {
        writeln!(
            out,
            "Proof: weigh each light by the pattern below. Every button changes the weighted sum by 0 \
             (mod {p}), but this board's weighted sum is {weighted}, not 0:"
        )?;
        write!(out, "{}", show::board(game, obstruction)?)?;
    }
    let solvable = show::power(topology::solvable_boards(game)?);
    let (structure, lights) = (topology::structure(game)?, game.size());
    writeln!(out, "{structure}: {solvable} of the {p}^{lights} boards are solvable.")?;
    Ok(())
}

/// `--all`: every solution, lazily, up to `limit`.
fn all(
    game: &Game,
    board: &[u32],
    origin: &Origin,
    limit: Option<u64>,
    json: bool,
    out: &mut dyn Write,
) -> CliResult<()> {
    let count = game.count_solutions(board)?;
    // With --limit only the quiet patterns the first K solutions use are built.
    let solutions = match limit {
        Some(k) => game.solutions_limited(board, k),
        None => game.solutions(board),
    }
    .map_err(|e| CliError::input(format!("{}: {e}; --limit K lists only the first K solutions", game.describe())))?;
    let shown = match (limit, count.to_u128()) {
        (Some(k), Some(c)) if c <= k as u128 => String::new(),
        (Some(k), _) => format!(", the first {k} shown"),
        (None, _) => String::new(),
    };
    let limit = limit.map_or(usize::MAX, |k| usize::try_from(k).unwrap_or(usize::MAX));
    if json {
        let head = summary(game, board, true)?.to_string();
        write!(out, "{},\"solutions\":[", &head[..head.len() - 1])?;
        for (i, s) in solutions.take(limit).enumerate() {
            if i == 0 {
                write!(out, "{}", json!(s))?;
            } else {
                write!(out, ",{}", json!(s))?;
            }
        }
        writeln!(out, "]}}")?;
        return Ok(());
    }
    print_board(game, board, origin, out)?;
    writeln!(out, "{} solution{}{shown}:", show::power(count), if count.exponent() == Some(0) { "" } else { "s" })?;
    for (i, s) in solutions.take(limit).enumerate() {
        writeln!(out)?;
        print_presses(game, &s, &format!("Solution {}", i + 1), out)?;
    }
    Ok(())
}
