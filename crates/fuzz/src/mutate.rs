//! Mutations of an input: bit flips, bytes and tokens that parsers find interesting, numbers at
//! the edges of every integer type, deletions, repeats and splices with other corpus entries.

use rand::Rng;

const TOKENS: &[&[u8]] = &[
    b"0",
    b"1",
    b"2",
    b"9",
    b"#",
    b".",
    b" ",
    b"\n",
    b"\n\n",
    b"\t",
    b":",
    b",",
    b";",
    b"-",
    b"-1",
    b"x",
    b"\xef\xbb\xbf",
    b"\xff",
    b"\0",
    b"\r\n",
    b"4294967295",
    b"4294967296",
    b"2147483647",
    b"2147483648",
    b"18446744073709551615",
    b"18446744073709551616",
    b"99999999999999999999",
    b"1e300",
    b"inf",
    b"nan",
    b"65536",
    b"16777217",
    b"plus",
    b"moore",
    b"knight",
    b"stencil:0,0;1,1",
    b"neighbours",
    b"sets",
    b"weighted",
    b"grid",
    b"torus",
    b"cylinder",
    b"cube",
    b"mask",
    b"graph",
    b"explicit",
    b"lightsout-game 1",
    b"modulus",
    b"shape",
    b"rule",
    b"name",
];

/// A mutation of `base` (1 to 8 steps).
pub(crate) fn mutate(rng: &mut impl Rng, base: &[u8], corpus: &[Vec<u8>]) -> Vec<u8> {
    let mut out = base.to_vec();
    for _ in 0..rng.gen_range(1..=8) {
        let len = out.len();
        match rng.gen_range(0..8) {
            0 if len > 0 => {
                let i = rng.gen_range(0..len);
                out[i] ^= 1 << rng.gen_range(0..8);
            }
            1 if len > 0 => {
                let i = rng.gen_range(0..len);
                out[i] = rng.gen();
            }
            2 => {
                let i = rng.gen_range(0..=len);
                let token = TOKENS[rng.gen_range(0..TOKENS.len())];
                out.splice(i..i, token.iter().copied());
            }
            3 if len > 0 => {
                let i = rng.gen_range(0..len);
                let j = rng.gen_range(i..=len.min(i + 16));
                out.drain(i..j);
            }
            4 if len > 0 => {
                let i = rng.gen_range(0..len);
                let j = rng.gen_range(i..=len.min(i + 32));
                let chunk = out[i..j].to_vec();
                out.splice(j..j, chunk);
            }
            5 => {
                let other = &corpus[rng.gen_range(0..corpus.len())];
                if !other.is_empty() {
                    let a = rng.gen_range(0..other.len());
                    let b = rng.gen_range(a..=other.len());
                    let i = rng.gen_range(0..=len);
                    out.splice(i..i, other[a..b].iter().copied());
                }
            }
            6 if len > 0 => {
                // Replace a digit run with an edge number.
                let i = rng.gen_range(0..len);
                if out[i].is_ascii_digit() {
                    let mut j = i;
                    while j < len && out[j].is_ascii_digit() {
                        j += 1;
                    }
                    let token = TOKENS[rng.gen_range(0..TOKENS.len())];
                    out.splice(i..j, token.iter().copied());
                }
            }
            _ => out.truncate(rng.gen_range(0..=len)),
        }
    }
    out.truncate(1 << 16);
    out
}
