//! The field axioms, checked by one macro for every implementation.

use lightsout_core::{Field, Gf2, Zp};

macro_rules! field_laws {
    ($name:ident, $field:expr_2021) => {
        #[test]
        fn $name() {
            let f = $field;
            let p = f.modulus() as u64;
            // Sample elements: all of a small field, a spread of a large one.
            let elems: Vec<u32> = if p <= 17 {
                (0..p as u32).collect()
            } else {
                vec![0, 1, 2, 3, (p / 2) as u32, (p - 2) as u32, (p - 1) as u32, 123_456_789 % p as u32]
            };
            for &a in &elems {
                assert_eq!(f.add(a, 0), a);
                assert_eq!(f.mul(a, 1), a);
                assert_eq!(f.add(a, f.neg(a)), 0);
                assert_eq!(f.sub(a, a), 0);
                if a != 0 {
                    assert_eq!(f.mul(a, f.inv(a).unwrap()), 1, "inverse of {a}");
                } else {
                    assert_eq!(f.inv(a), None);
                }
                for &b in &elems {
                    assert_eq!(f.add(a, b), f.add(b, a));
                    assert_eq!(f.mul(a, b), f.mul(b, a));
                    assert_eq!(f.add(a, b) as u64, (a as u64 + b as u64) % p);
                    assert_eq!(f.mul(a, b) as u64, (a as u64 * b as u64) % p);
                    for &c in &elems {
                        assert_eq!(f.add(f.add(a, b), c), f.add(a, f.add(b, c)));
                        assert_eq!(f.mul(f.mul(a, b), c), f.mul(a, f.mul(b, c)));
                        assert_eq!(f.mul(a, f.add(b, c)), f.add(f.mul(a, b), f.mul(a, c)));
                    }
                }
            }
        }
    };
}

field_laws!(gf2, Gf2);
field_laws!(z2, Zp::new(2).unwrap());
field_laws!(z3, Zp::new(3).unwrap());
field_laws!(z17, Zp::new(17).unwrap());
field_laws!(z_mersenne31, Zp::new(2_147_483_647).unwrap());
