//! One meaning for every word: the command line's messages in its own words, sizes with their
//! real figures, and the same answer as the other front ends for the same request.

#[allow(dead_code)]
mod common;

use common::run;

#[test]
fn size_messages_name_real_sizes_in_the_command_lines_words() {
    // 10^12 lights: even the packed board (125 GB) is past the limit; the figure is real.
    let (code, _, err) = run(&["solve", "--grid", "1000000x1000000", "--random", "1"], "");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("even a packed board (one bit a light) needs 125 GB (125000000000 bytes), over the limit too"),
        "{err}"
    );
    assert!(!err.contains(" 0 bytes") && !err.contains("packed=True"), "{err}");
    // 10^10 lights: the packed board fits, and the command line names its image file.
    let (code, _, err) = run(&["solve", "--grid", "100000x100000", "--random", "1"], "");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("give the board as a .pbm image (one bit a light): it needs 1.2 GB (1250000000 bytes)"),
        "{err}"
    );
    assert!(!err.contains("packed=True") && !err.contains("LIGHTSOUT_BOARD"), "{err}");
}
