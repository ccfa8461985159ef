//! A fixed-size bit set of board cells (up to 20x20 = 400 cells, in 7 words).

use super::board::MAX_SIDE;

const WORDS: usize = (MAX_SIDE * MAX_SIDE).div_ceil(64);

#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CellSet {
    words: [u64; WORDS],
}

impl CellSet {
    pub const fn new() -> Self {
        CellSet { words: [0; WORDS] }
    }

    /// Adds `cell`; `true` if it was not there before.
    #[inline]
    pub fn insert(&mut self, cell: usize) -> bool {
        let (w, b) = (cell / 64, 1u64 << (cell % 64));
        let fresh = self.words[w] & b == 0;
        self.words[w] |= b;
        fresh
    }

    #[inline]
    pub fn remove(&mut self, cell: usize) {
        self.words[cell / 64] &= !(1u64 << (cell % 64));
    }

    #[inline]
    pub fn contains(&self, cell: usize) -> bool {
        self.words[cell / 64] & (1u64 << (cell % 64)) != 0
    }

    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    pub fn union_with(&mut self, other: &CellSet) {
        for (a, b) in self.words.iter_mut().zip(other.words) {
            *a |= b;
        }
    }

    /// Cells in ascending order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(w, &bits)| {
            let mut bits = bits;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    w * 64 + b
                })
            })
        })
    }
}

impl std::fmt::Debug for CellSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<usize> for CellSet {
    fn from_iter<T: IntoIterator<Item = usize>>(iter: T) -> Self {
        let mut s = CellSet::new();
        for c in iter {
            s.insert(c);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_iter_len() {
        let s: CellSet = [399, 0, 64, 63].into_iter().collect();
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 63, 64, 399]);
        assert_eq!(s.len(), 4);
        assert!(s.contains(64) && !s.contains(65));
    }
}
