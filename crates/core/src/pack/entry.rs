//! What an entry of an outside array is to the reader: its bits as the unsigned integer of its
//! own width, so that one unsigned comparison in that width checks it (a negative value reads as
//! one above every valid value) and the kernels load any width as plain bits.

mod sealed {
    /// Only the integer types and `bool`: the kernels read an entry's memory as its
    /// [`super::Entry::Bits`].
    pub trait Sealed {}
}

/// An entry of an outside array: every integer type and `bool`.
///
/// ```
/// use lightsout_core::pack::Entry;
/// assert_eq!((-1i16).bits(), 0xffff);
/// assert!(<i16 as Entry>::max_ok(2) == 1 && <u8 as Entry>::max_ok(300) == 255);
/// assert_eq!((-7i64).text(), "-7");
/// ```
pub trait Entry: Copy + Send + Sync + sealed::Sealed {
    /// The unsigned type of the same width (`u8` for `bool`).
    type Bits: Copy + PartialOrd + Into<u64>;
    /// The entry's bits.
    fn bits(self) -> Self::Bits;
    /// The largest valid entry for modulus `p` (the smaller of `p - 1` and the largest positive
    /// value of the type), as bits: an entry is valid when its bits are at most this.
    fn max_ok(p: u64) -> Self::Bits;
    /// The value as an error message writes it.
    fn text(self) -> String;
}

macro_rules! entry {
    ($($t:ty => $bits:ty),*) => {
        $(impl sealed::Sealed for $t {}
        impl Entry for $t {
            type Bits = $bits;
            #[inline(always)]
            fn bits(self) -> $bits {
                self as $bits
            }
            fn max_ok(p: u64) -> $bits {
                p.saturating_sub(1).min(<$t>::MAX as u64) as $bits
            }
            fn text(self) -> String {
                self.to_string()
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
        self as u8
    }
    fn max_ok(_: u64) -> u8 {
        1
    }
    fn text(self) -> String {
        (self as u8).to_string()
    }
}
