//! SVG drawings: one square per light, holes blank, presses marked, cube as a net, graphs on
//! a circle; and a `Game` can be shared between threads.

use lightsout_topo::{svg, Game, Rule};

fn count(haystack: &str, needle: &str) -> usize {
    haystack.matches(needle).count()
}

#[test]
fn grids_draw_one_square_per_light_and_mark_presses() {
    let g = Game::preset("classic").unwrap();
    let board = g.random_solvable(3).unwrap();
    let presses = g.solve(&board).unwrap();
    let picture = svg::render(&g, Some(&board), Some(&presses)).unwrap();
    assert_eq!(count(&picture, "<rect"), 25);
    assert_eq!(count(&picture, "<circle"), presses.iter().filter(|&&x| x > 0).count());
    assert_eq!(count(&picture, "#ffd84a"), board.iter().filter(|&&x| x > 0).count());
    assert!(picture.contains("<title>classic: grid 5x5, plus rule, modulus 2</title>"));
}

#[test]
fn holes_are_blank_and_wrapped_edges_dashed() {
    let g = Game::mask(2, 3, vec![true, false, true, true, true, false], Rule::Plus, 2).unwrap();
    assert_eq!(count(&svg::render(&g, None, None).unwrap(), "<rect"), 4);
    assert_eq!(count(&svg::render(&Game::torus(3, 3, 2).unwrap(), None, None).unwrap(), "stroke-dasharray"), 4);
    assert_eq!(count(&svg::render(&Game::cylinder(3, 3, 2).unwrap(), None, None).unwrap(), "stroke-dasharray"), 2);
    assert_eq!(count(&svg::render(&Game::grid(3, 3, 2).unwrap(), None, None).unwrap(), "stroke-dasharray"), 0);
}

#[test]
fn press_counts_are_written_for_more_than_two_states() {
    let g = Game::preset("2000").unwrap();
    let mut presses = vec![0; 25];
    presses[7] = 2;
    let picture = svg::render(&g, None, Some(&presses)).unwrap();
    assert_eq!(count(&picture, "<circle"), 1);
    assert!(picture.contains(">2</text>"));
}

#[test]
fn cubes_draw_as_a_net_and_graphs_on_a_circle() {
    let cube = Game::preset("cube").unwrap();
    let picture = svg::render(&cube, None, None).unwrap();
    assert_eq!(count(&picture, "<rect"), 54);
    for face in ["up", "left", "front", "right", "back", "down"] {
        assert!(picture.contains(&format!(">{face}</text>")), "{face}");
    }
    let path = Game::graph(4, &[(0, 1), (1, 2), (2, 3)], false, true, 2).unwrap();
    let picture = svg::render(&path, Some(&[1, 0, 0, 1]), None).unwrap();
    assert_eq!(count(&picture, "<circle"), 4);
    assert_eq!(count(&picture, "<line"), 3);
    assert_eq!(count(&picture, "marker-end"), 0);
    let arrows = Game::graph(3, &[(0, 1), (1, 2)], true, true, 2).unwrap();
    assert_eq!(count(&svg::render(&arrows, None, None).unwrap(), "marker-end"), 2);
}

#[test]
fn drawings_of_huge_games_are_refused() {
    let g = Game::grid(1000, 1000, 2).unwrap();
    assert!(svg::render(&g, None, None).unwrap_err().to_string().contains("limit"));
}

#[test]
fn games_are_send_sync_and_build_their_solver_once() {
    fn assert_send_sync<T: Send + Sync + Clone>() {}
    assert_send_sync::<Game>();
    let g = std::sync::Arc::new(Game::preset("deluxe").unwrap());
    let nullities: Vec<usize> = (0..4)
        .map(|_| {
            let g = g.clone();
            std::thread::spawn(move || g.nullity().unwrap())
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|h| h.join().unwrap())
        .collect();
    assert!(nullities.iter().all(|&n| n == nullities[0]));
    assert!(std::ptr::eq(g.solver().unwrap(), g.solver().unwrap()));
    assert!(format!("{g:?}").contains("grid 6x6"));
}

#[test]
fn geometry_places_every_light_once_inside_the_picture() {
    use lightsout_topo::Geometry;
    let holes = Game::mask(2, 3, vec![true, false, true, true, true, false], Rule::Plus, 2).unwrap();
    let path = Game::graph(4, &[(0, 1), (1, 2), (2, 3)], false, true, 2).unwrap();
    let arrows = Game::graph(3, &[(0, 1), (1, 2)], true, true, 2).unwrap();
    for g in [holes.clone(), Game::cube(3, 3).unwrap(), path.clone(), arrows.clone(), Game::torus(2, 5, 2).unwrap()] {
        let geo = Geometry::of(&g).unwrap();
        assert_eq!(geo.spots.len(), g.size());
        for s in &geo.spots {
            assert!(s.x - s.r >= 0.0 && s.y - s.r >= 0.0 && s.x + s.r <= geo.width && s.y + s.r <= geo.height);
        }
        for (i, a) in geo.spots.iter().enumerate() {
            assert!(geo.spots[..i].iter().all(|b| (a.x - b.x).abs() + (a.y - b.y).abs() > 2.0 * a.r));
        }
    }
    // Light 2 of the board with holes is at row 1, column 0 (cell 3).
    let geo = Geometry::of(&holes).unwrap();
    assert_eq!((geo.spots[2].x, geo.spots[2].y), (12.0 + 20.0, 12.0 + 60.0));
    assert_eq!(Geometry::of(&Game::cube(2, 2).unwrap()).unwrap().labels.len(), 6);
    assert_eq!(
        Geometry::of(&path).unwrap().labels.iter().map(|l| l.text.as_str()).collect::<Vec<_>>(),
        ["0", "1", "2", "3"]
    );
    assert_eq!(Geometry::of(&path).unwrap().links.len(), 3);
    assert!(Geometry::of(&arrows).unwrap().links.iter().all(|l| l.directed));
}
