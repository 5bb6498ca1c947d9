//! Running a function compiled for the processor's features when it has them.
//!
//! The crate's kernels are written once, portably, and compiled twice: as built (the x86-64
//! baseline, SSE2) and with the features that make them faster, chosen at run time. AVX2's
//! unsigned 32-bit `min` and 8-lane vectors make the branch-free reductions of the Z_p rows about
//! twice as fast as SSE2 alone; popcnt speeds up the GF(2) weight counts. [`with_features`] is
//! the one way this is done.

/// Defines `fn $name(args) -> ret` (or with no return value) that runs `$portable(args)` compiled with the listed x86-64
/// target features when the processor has every one of them (checked at run time), and as built
/// otherwise: the one dispatch of the crate's kernels that gain from AVX2 or popcnt. `$portable`
/// should be `#[inline(always)]` (or small) so that the copy for the features is compiled with
/// them. An optional type parameter `<T: Bound>`, or a const parameter `<const N: usize>` with
/// `where [bounds]`, is passed on to `$portable`.
macro_rules! with_features {
    (
        $(#[$meta:meta])*
        $vis:vis fn $name:ident $(<$g:ident: $bound:path>)? ($($arg:ident: $ty:ty),* $(,)?) $(-> $ret:ty)?
            = $portable:ident if [$($feature:tt),+]
    ) => {
        $(#[$meta])*
        $vis fn $name $(<$g: $bound>)? ($($arg: $ty),*) $(-> $ret)? {
            #[cfg(target_arch = "x86_64")]
            {
                /// The portable function, compiled with the features.
                ///
                /// # Safety
                ///
                /// The processor must support every one of the features.
                #[target_feature($(enable = $feature),+)]
                unsafe fn with_them $(<$g: $bound>)? ($($arg: $ty),*) $(-> $ret)? {
                    $portable $(::<$g>)? ($($arg),*)
                }
                if $(::std::arch::is_x86_feature_detected!($feature))&&+ {
                    // SAFETY: the processor was just checked to have every feature.
                    return unsafe { with_them $(::<$g>)? ($($arg),*) };
                }
            }
            $portable $(::<$g>)? ($($arg),*)
        }
    };
    (
        $(#[$meta:meta])*
        $vis:vis fn $name:ident <const $c:ident: usize> ($($arg:ident: $ty:ty),* $(,)?) $(-> $ret:ty)?
            where [$($bounds:tt)*] = $portable:ident if [$($feature:tt),+]
    ) => {
        $(#[$meta])*
        $vis fn $name<const $c: usize>($($arg: $ty),*) $(-> $ret)? where $($bounds)* {
            #[cfg(target_arch = "x86_64")]
            {
                /// The portable function, compiled with the features.
                ///
                /// # Safety
                ///
                /// The processor must support every one of the features.
                #[target_feature($(enable = $feature),+)]
                unsafe fn with_them<const $c: usize>($($arg: $ty),*) $(-> $ret)? where $($bounds)* {
                    $portable::<$c>($($arg),*)
                }
                if $(::std::arch::is_x86_feature_detected!($feature))&&+ {
                    // SAFETY: the processor was just checked to have every feature.
                    return unsafe { with_them::<$c>($($arg),*) };
                }
            }
            $portable::<$c>($($arg),*)
        }
    };
}
pub(crate) use with_features;
