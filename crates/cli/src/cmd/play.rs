//! `lightsout play`: a game in the terminal, driven by lines of text so that it works the same
//! from a keyboard and from a pipe.

use crate::args::PlayArgs;
use crate::error::CliResult;
use crate::show;
use lightsout_core::minimal::Budget;
use lightsout_topo::Game;
use std::io::{BufRead, IsTerminal, Write};

const FACE_NAMES: [&str; 6] = ["up", "left", "front", "right", "back", "down"];

const COMMANDS: &str = "\
Commands:
  R C      press the button at row R, column C (0-based)
  hint     show one button of a solution of the current board
  auto     play the solution step by step
  show     show the board again
  new      a new random board
  reset    back to the start of this board
  quit     stop";

/// Run `lightsout play` on standard input and output.
pub fn run(args: PlayArgs) -> CliResult<()> {
    let game = args.topology.build()?.game;
    let seed = args.seed.unwrap_or_else(super::generate::fresh_seed);
    let stdin = std::io::stdin();
    let prompt = stdin.is_terminal();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    Session::new(game, seed)?.run(stdin.lock(), &mut out, prompt)
}

/// One game in progress.
struct Session {
    game: Game,
    seed: u64,
    start: Vec<u32>,
    board: Vec<u32>,
    presses: u64,
}

impl Session {
    fn new(game: Game, seed: u64) -> CliResult<Session> {
        crate::topology::prepare(&game)?;
        let start = random_board(&game, seed)?;
        Ok(Session { board: start.clone(), start, game, seed, presses: 0 })
    }

    fn run(&mut self, input: impl BufRead, out: &mut dyn Write, prompt: bool) -> CliResult<()> {
        writeln!(out, "{}", show::headline(&self.game))?;
        writeln!(out, "Seed {}. Turn every light off; type help for the commands.", self.seed)?;
        self.show(out)?;
        let mut lines = input.lines();
        loop {
            if prompt {
                write!(out, "> ")?;
                out.flush()?;
            }
            let Some(line) = lines.next() else { break };
            let line = line.map_err(|e| crate::error::CliError::input(format!("cannot read standard input: {e}")))?;
            let command = line.trim().to_ascii_lowercase();
            match command.as_str() {
                "" => continue,
                "quit" | "q" | "exit" => break,
                "help" | "?" => writeln!(out, "{COMMANDS}")?,
                "show" | "board" => self.show(out)?,
                "hint" => self.hint(out)?,
                "auto" => self.auto(out)?,
                "reset" => {
                    self.board = self.start.clone();
                    self.presses = 0;
                    writeln!(out, "Back to the start of this board.")?;
                    self.show(out)?;
                }
                "new" => {
                    self.seed = self.seed.wrapping_add(1);
                    self.start = random_board(&self.game, self.seed)?;
                    self.board = self.start.clone();
                    self.presses = 0;
                    writeln!(out, "New board (seed {}).", self.seed)?;
                    self.show(out)?;
                }
                _ => match self.parse_button(&command) {
                    Ok(light) => {
                        self.press(light, 1)?;
                        self.show(out)?;
                        self.check_won(out)?;
                    }
                    Err(message) => writeln!(out, "{message}")?,
                },
            }
        }
        writeln!(out, "Bye.")?;
        Ok(())
    }

    /// The light named by a line of coordinates, or a message saying what was expected.
    fn parse_button(&self, command: &str) -> Result<usize, String> {
        let dims = self.game.dims();
        let what = match dims.len() {
            1 => "a vertex V",
            2 => "a button \"R C\" (row and column)",
            _ => "a button \"F R C\" (face, row and column)",
        };
        let words: Vec<&str> = command.split_whitespace().collect();
        let numbers: Option<Vec<usize>> = words.iter().map(|w| w.parse().ok()).collect();
        let Some(coords) = numbers.filter(|c| c.len() == dims.len()) else {
            return Err(format!("unknown command {command:?}: expected {what} or a command (type help)"));
        };
        if let Some((c, d)) = coords.iter().zip(&dims).find(|(c, d)| c >= d) {
            return Err(format!(
                "{c} is off the board: expected 0..{} there (the board is {})",
                d - 1,
                show::join(&dims, "x")
            ));
        }
        self.game.light_at(&coords).ok_or_else(|| format!("({}) is a hole: it has no button", show::join(&coords, " ")))
    }

    /// Press `light` `times` times (in `1..p`) as one move.
    fn press(&mut self, light: usize, times: u32) -> CliResult<()> {
        let mut presses = vec![0; self.game.size()];
        presses[light] = times;
        self.board = self.game.apply(&self.board, &presses)?;
        self.presses = self.presses.saturating_add(times as u64);
        Ok(())
    }

    fn is_dark(&self) -> bool {
        self.board.iter().all(|&x| x == 0)
    }

    fn check_won(&self, out: &mut dyn Write) -> CliResult<()> {
        if self.is_dark() {
            writeln!(
                out,
                "All lights are out: solved in {} press{}! Type new for another board, or quit.",
                self.presses,
                if self.presses == 1 { "" } else { "es" }
            )?;
        }
        Ok(())
    }

    /// A solution of the current board (every board reached by presses stays solvable), with
    /// the fewest presses found within a second.
    fn solution(&self) -> CliResult<Vec<u32>> {
        let any = self.game.solve(&self.board)?;
        let budget = Budget::new(1 << 26, Some(std::time::Duration::from_secs(1)));
        Ok(self.game.minimal_from_presses(&any, &budget).map_or(any, |m| m.presses))
    }

    fn hint(&self, out: &mut dyn Write) -> CliResult<()> {
        if self.is_dark() {
            writeln!(out, "Every light is already off.")?;
            return Ok(());
        }
        let solution = self.solution()?;
        let left = show::press_count(&solution);
        if let Some(light) = solution.iter().position(|&x| x > 0) {
            writeln!(
                out,
                "Hint: press {} (one of {left} press{} that turn every light off).",
                show::coords(&self.game, light),
                if left == 1 { "" } else { "es" }
            )?;
        }
        Ok(())
    }

    fn auto(&mut self, out: &mut dyn Write) -> CliResult<()> {
        if self.is_dark() {
            writeln!(out, "Every light is already off.")?;
            return Ok(());
        }
        let solution = self.solution()?;
        // One step per button, however many times it is pressed: with a large modulus a
        // button may need up to p - 1 presses, which would be billions of boards to show.
        for (light, &times) in solution.iter().enumerate().filter(|(_, &t)| t > 0) {
            let repeat = if times == 1 { String::new() } else { format!(" {times} times") };
            writeln!(out, "Auto: press {}{repeat}", show::coords(&self.game, light))?;
            self.press(light, times)?;
            self.show(out)?;
        }
        self.check_won(out)
    }

    /// The board with coordinates along the edges ('.' off, digits on, '#' holes).
    fn show(&self, out: &mut dyn Write) -> CliResult<()> {
        let dims = self.game.dims();
        let cells = self.game.cells_from_lights(&self.board)?;
        let p = self.game.modulus().get();
        let cell_text = |cell: usize| -> String {
            if self.game.is_hole(cell) {
                "#".into()
            } else if cells[cell] == 0 {
                ".".into()
            } else {
                cells[cell].to_string()
            }
        };
        let (blocks, rows, cols) = match dims.as_slice() {
            [n] => (1, 1, *n),
            [r, c] => (1, *r, *c),
            [f, r, c] => (*f, *r, *c),
            _ => (1, 1, cells.len()),
        };
        let w = (cols.saturating_sub(1).to_string().len()).max((p - 1).to_string().len());
        let lw = rows.saturating_sub(1).to_string().len();
        for b in 0..blocks {
            if blocks > 1 {
                writeln!(out, "face {b} ({}):", FACE_NAMES.get(b).copied().unwrap_or("?"))?;
            }
            let header: Vec<String> = (0..cols).map(|c| format!("{c:>w$}")).collect();
            writeln!(out, "{:lw$}  {}", "", header.join(" "))?;
            for r in 0..rows {
                let row: Vec<String> =
                    (0..cols).map(|c| format!("{:>w$}", cell_text((b * rows + r) * cols + c))).collect();
                let label = if dims.len() == 1 { String::new() } else { r.to_string() };
                writeln!(out, "{label:>lw$}  {}", row.join(" "))?;
            }
        }
        let lit = self.board.iter().filter(|&&x| x > 0).count();
        writeln!(
            out,
            "{lit} light{} on, {} press{} so far.",
            if lit == 1 { "" } else { "s" },
            self.presses,
            if self.presses == 1 { "" } else { "es" }
        )?;
        Ok(())
    }
}

/// A random solvable board that is not already dark (when the game has any other).
fn random_board(game: &Game, seed: u64) -> CliResult<Vec<u32>> {
    let mut board = game.random_solvable(seed)?;
    let mut next = seed;
    for _ in 0..32 {
        if board.iter().any(|&x| x > 0) || game.solvable_boards()?.exponent() == Some(0) {
            break;
        }
        next = next.wrapping_add(0x9e37_79b9_7f4a_7c15);
        board = game.random_solvable(next)?;
    }
    Ok(board)
}
