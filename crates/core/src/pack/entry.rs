//! What an entry of an outside array is to the reader: its bits as the unsigned integer of its
//! own width, so that one unsigned comparison in that width checks it (a negative value reads as
//! one above every valid value) and the kernels load any width as plain bits.

mod sealed {
    /// Only the integer types and `bool`: the kernels read an entry's memory as its
    /// [`super::Entry::Bits`].
    pub trait Sealed {}
}

use num_traits::{AsPrimitive, PrimInt, Unsigned};
use std::fmt::Display;

/// An entry of an outside array: every integer type and `bool`.
///
/// ```
/// use lightsout_core::pack::Entry;
/// assert_eq!((-1i16).bits(), 0xffff);
/// assert!(<i16 as Entry>::max_ok(2) == 1 && <u8 as Entry>::max_ok(300) == 255);
/// assert_eq!((-7i64).text(), "-7");
/// ```
pub trait Entry: Copy + Send + Sync + Display + sealed::Sealed {
    /// The unsigned type of the same width (`u8` for `bool`).
    type Bits: PrimInt + Unsigned + AsPrimitive<u64> + Into<u64>;
    /// The entry's bits.
    fn bits(self) -> Self::Bits;
    /// The largest valid entry for modulus `p` (the smaller of `p - 1` and the largest positive
    /// value of the type), as bits: an entry is valid when its bits are at most this.
    fn max_ok(p: u64) -> Self::Bits;
    /// The value as an error message writes it.
    fn text(self) -> String {
        self.to_string()
    }
}

/// [`Entry::max_ok`] of an integer type `T`: `p - 1`, capped at `T`'s largest value, in the
/// unsigned type `B` of its width.
#[inline]
fn max_ok_of<T: PrimInt + AsPrimitive<u64>, B: PrimInt + Unsigned + 'static>(p: u64) -> B
where
    u64: AsPrimitive<B>,
{
    p.saturating_sub(1).min(T::max_value().as_()).as_()
}

/// The integer types: their bits by `as` (a signed value's two's complement, so a negative one
/// reads above every valid value), their largest valid entry by [`max_ok_of`].
macro_rules! entry {
    ($($t:ty => $bits:ty),*) => {
        $(impl sealed::Sealed for $t {}
        impl Entry for $t {
            type Bits = $bits;
            #[inline(always)]
            fn bits(self) -> $bits {
                self.as_()
            }
            fn max_ok(p: u64) -> $bits {
                max_ok_of::<$t, $bits>(p)
            }
        })*
    };
}
entry!(u8 => u8, u16 => u16, u32 => u32, u64 => u64, i8 => u8, i16 => u16, i32 => u32, i64 => u64);

impl sealed::Sealed for bool {}
impl Entry for bool {
    type Bits = u8;
    #[inline(always)]
    fn bits(self) -> u8 {
        self.as_()
    }
    fn max_ok(_: u64) -> u8 {
        1
    }
    fn text(self) -> String {
        u8::from(self).to_string()
    }
}
