//! Running a function compiled for the processor's features when it has them.

/// Defines `fn $name(args) -> ret` that runs `$portable(args)` compiled with the listed x86-64
/// target features when the processor has every one of them (checked at run time), and as built
/// otherwise: the one dispatch of the crate's kernels that gain from AVX2 or popcnt. `$portable`
/// should be `#[inline(always)]` (or small) so that the copy for the features is compiled with
/// them. An optional type parameter `<T: Bound>` is passed on to `$portable`.
macro_rules! with_features {
    (
        $(#[$meta:meta])*
        $vis:vis fn $name:ident $(<$g:ident: $bound:path>)? ($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty
            = $portable:ident if [$($feature:tt),+]
    ) => {
        $(#[$meta])*
        $vis fn $name $(<$g: $bound>)? ($($arg: $ty),*) -> $ret {
            #[cfg(target_arch = "x86_64")]
            {
                /// The portable function, compiled with the features.
                ///
                /// # Safety
                ///
                /// The processor must support every one of the features.
                #[target_feature($(enable = $feature),+)]
                unsafe fn with_them $(<$g: $bound>)? ($($arg: $ty),*) -> $ret {
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
}
pub(crate) use with_features;
