//! How long it takes to turn a description into M (the part this crate owns), and the text
//! round trip of a large board.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use lightsout_topo::{text, Game, Rule, Shape};

fn build(c: &mut Criterion) {
    let mut group = c.benchmark_group("press matrix");
    group.bench_function("grid 1000x1000 plus", |b| {
        b.iter(|| Game::grid(1000, 1000, 2).unwrap().matrix().unwrap().nnz())
    });
    group.bench_function("torus 1000x1000 moore", |b| {
        b.iter(|| {
            Game::with_rule(Shape::Torus { rows: 1000, cols: 1000 }, Rule::Moore, 2).unwrap().matrix().unwrap().nnz()
        })
    });
    group.bench_function("cube k=400 (960,000 lights)", |b| {
        b.iter(|| Game::cube(400, 2).unwrap().matrix().unwrap().nnz())
    });
    group.finish();

    let mut group = c.benchmark_group("structured");
    let torus = Game::torus(2000, 2000, 2).unwrap();
    let board = torus.random_solvable(1).unwrap();
    group.bench_function("torus 2000x2000 is_solvable (first call builds the solver)", |b| {
        b.iter(|| Game::torus(2000, 2000, 2).unwrap().is_solvable(black_box(&board)).unwrap())
    });
    let grid = Game::grid(1000, 1000, 2).unwrap();
    let board = grid.random_solvable(2).unwrap();
    grid.solve(&board).unwrap();
    group.bench_function("grid 1000x1000 solve (solver built)", |b| b.iter(|| grid.solve(black_box(&board)).unwrap()));
    group.finish();

    // The glued surfaces go through banded elimination; a game built, a board dealt and solved
    // at about the side each reaches in a second (`examples/surface_reach.rs` finds it).
    let mut group = c.benchmark_group("glued surfaces");
    for (name, shape) in [
        ("mobius 200x200", Shape::Mobius { rows: 200, cols: 200 }),
        ("klein 200x200", Shape::Klein { rows: 200, cols: 200 }),
        ("projective 200x200", Shape::Projective { rows: 200, cols: 200 }),
    ] {
        group.bench_function(format!("{name} build, deal and solve"), |b| {
            b.iter(|| {
                let game = Game::with_rule(shape.clone(), Rule::Plus, 2).unwrap();
                let board = game.random_solvable(1).unwrap();
                game.solve(black_box(&board)).unwrap().len()
            })
        });
    }
    group.finish();

    let game = Game::grid(1000, 1000, 3).unwrap();
    let lights: Vec<u32> = (0..game.size() as u32).map(|i| i.wrapping_mul(2_654_435_761) % 3).collect();
    let printed = text::format_board(&game, &lights).unwrap();
    let mut group = c.benchmark_group("board text 1000x1000");
    group.bench_function("format", |b| b.iter(|| text::format_board(&game, black_box(&lights)).unwrap().len()));
    group.bench_function("parse", |b| b.iter(|| text::parse_lights(&game, black_box(&printed)).unwrap().len()));
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = build
}
criterion_main!(benches);
