//! Exact attack amounts.
//!
//! Content values are multiples of 1/4, and an `x` halves every beam that crosses it, as
//! often as a beam crosses one: the spec forbids floats and rounding. Amounts are therefore
//! exact non-negative dyadic numbers. The fast representation is a 128-bit fixed-point
//! number with 96 fractional bits; every operation on it is checked and reports when it
//! would lose a bit or overflow. The resolver then recomputes the beams with the wide
//! representation, an arbitrary-precision fixed-point number with enough fractional bits
//! for the worst case a board of that size allows. Either way the result is exact.

use std::fmt;

use num_bigint::BigUint;

/// A value in quarters, as content declares it (`0.5` is `Quarters(2)`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Quarters(pub u32);

impl Quarters {
    pub const ZERO: Quarters = Quarters(0);

    /// Converts a content number, refusing anything that is not a multiple of 1/4 in
    /// `0..=max`.
    pub fn from_f64(v: f64, max: u32) -> Result<Self, String> {
        if !v.is_finite() || v < 0.0 {
            return Err(format!("{v} is not a non-negative number"));
        }
        let q = v * 4.0;
        if q.fract() != 0.0 {
            return Err(format!("{v} is not a multiple of 1/4"));
        }
        if q > (max as f64) * 4.0 {
            return Err(format!("{v} is larger than the limit {max}"));
        }
        Ok(Quarters(q as u32))
    }

    pub fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Display for Quarters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.0 / 4;
        match self.0 % 4 {
            0 => write!(f, "{whole}"),
            1 => write!(f, "{whole}.25"),
            2 => write!(f, "{whole}.5"),
            _ => write!(f, "{whole}.75"),
        }
    }
}

/// An exact non-negative amount of attack. Operations return `None` when the
/// representation cannot hold the exact result; callers then switch to a wider one.
pub trait Amount: Clone + Ord + Default + fmt::Debug {
    fn from_quarters(q: Quarters) -> Self;
    fn checked_add(&self, other: &Self) -> Option<Self>;
    /// `self * q / 4` for `q` in `0..=4`.
    fn times_quarters(&self, q: u8) -> Option<Self>;
    /// `self - other`, for `other <= self`.
    fn minus(&self, other: &Self) -> Self;
    fn is_zero(&self) -> bool;
    /// The value as a float, for display only (hover panels); never used by the rules.
    fn approx(&self) -> f64;
}

/// Fast exact amount: `value = raw / 2^96`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Fixed(u128);

impl Fixed {
    pub const FRAC_BITS: u32 = 96;
}

impl Amount for Fixed {
    fn from_quarters(q: Quarters) -> Self {
        // u32 quarters << 94 fits in 126 bits.
        Fixed((q.0 as u128) << (Self::FRAC_BITS - 2))
    }

    fn checked_add(&self, other: &Self) -> Option<Self> {
        self.0.checked_add(other.0).map(Fixed)
    }

    fn times_quarters(&self, q: u8) -> Option<Self> {
        let product = self.0.checked_mul(q as u128)?;
        (product & 3 == 0).then_some(Fixed(product >> 2))
    }

    fn minus(&self, other: &Self) -> Self {
        Fixed(self.0 - other.0)
    }

    fn is_zero(&self) -> bool {
        self.0 == 0
    }

    fn approx(&self) -> f64 {
        self.0 as f64 / 2f64.powi(Self::FRAC_BITS as i32)
    }
}

/// Wide exact amount: `value = raw / 2^WIDE_FRAC_BITS`, with enough fractional bits for
/// any beam on the largest board (each of its at most `4 * 20 * 20` states can take two
/// bits with a quarter fraction).
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Wide(BigUint);

impl Wide {
    pub const FRAC_BITS: u64 = 2 + 2 * 4 * 20 * 20;
}

impl Amount for Wide {
    fn from_quarters(q: Quarters) -> Self {
        Wide(BigUint::from(q.0) << (Self::FRAC_BITS - 2))
    }

    fn checked_add(&self, other: &Self) -> Option<Self> {
        Some(Wide(&self.0 + &other.0))
    }

    fn times_quarters(&self, q: u8) -> Option<Self> {
        let product = &self.0 * q;
        if product.trailing_zeros().is_some_and(|z| z < 2) {
            return None;
        }
        Some(Wide(product >> 2u32))
    }

    fn minus(&self, other: &Self) -> Self {
        Wide(&self.0 - &other.0)
    }

    fn is_zero(&self) -> bool {
        self.0.bits() == 0
    }

    fn approx(&self) -> f64 {
        let bits = self.0.bits();
        let shift = bits.saturating_sub(60);
        let top: u64 = (&self.0 >> shift).try_into().unwrap_or(u64::MAX);
        top as f64 * 2f64.powi(shift as i32 - Self::FRAC_BITS as i32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarters_parse_and_print() {
        assert_eq!(Quarters::from_f64(1.75, 100), Ok(Quarters(7)));
        assert!(Quarters::from_f64(0.3, 100).is_err());
        assert!(Quarters::from_f64(-1.0, 100).is_err());
        assert!(Quarters::from_f64(101.0, 100).is_err());
        assert_eq!(Quarters(7).to_string(), "1.75");
        assert_eq!(Quarters(8).to_string(), "2");
    }

    #[test]
    fn fixed_halving_is_exact_until_it_cannot_be() {
        let mut a = Fixed::from_quarters(Quarters(1));
        for _ in 0..(Fixed::FRAC_BITS - 2) {
            a = a.times_quarters(2).expect("exact halving");
        }
        assert!(!a.is_zero());
        assert_eq!(
            a.times_quarters(2),
            None,
            "the next halving would lose a bit"
        );
    }

    #[test]
    fn wide_halves_far_beyond_fixed() {
        let mut a = Wide::from_quarters(Quarters(3));
        for _ in 0..1000 {
            a = a.times_quarters(2).unwrap();
        }
        assert!(!a.is_zero());
        let tiny = a.clone();
        let sum = a.checked_add(&Wide::from_quarters(Quarters(4))).unwrap();
        assert!(sum > Wide::from_quarters(Quarters(4)));
        assert_eq!(sum.minus(&tiny), Wide::from_quarters(Quarters(4)));
    }
}
