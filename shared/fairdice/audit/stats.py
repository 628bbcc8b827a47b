"""The tests gaming regulators ask of dice, at 99% confidence, from a die's tally (scipy.stats).

- uniformity: Pearson's chi-square of the face counts against equal chances;
- independence: the Wald-Wolfowitz runs test on faces above and below the middle, and the lag-1
  serial correlation of the faces (normal approximation, as both are used on long sequences);
- power: the smallest bias of one face (its chance above 1/sides, the others sharing the loss)
  that the chi-square test would detect at 99% confidence with 80% power, by the usual noncentral
  chi-square approximation (the test's true power there is lower: see `detectable_bias`).

A test that the data cannot support gives null figures: no dice, every face on one side of the middle, a chi-square
p-value with fewer dice than faces (MIN_TESTED expected of each face: from there, with equal chances, its
approximation fails fair dice at most 1.6 times in 100, d4 at 4 dice, and 0.8 to 1.1 on average over the sizes up to
5 expected of each, simulated; a review showed 29 d6 dice all sixes passing when Cochran's rule of 5 withheld it), a
detectable bias with fewer than MIN_EXPECTED expected of each face (where the noncentral approximation is far off),
a serial p-value with fewer than MIN_SEQUENCE dice (the usual rule for its normal approximation), and a runs p-value
with fewer than MIN_SIDE dice, or fewer than a tenth of them (MIN_SIDE_SHARE), on either side of the middle (a fair
die has half of them on each side). Both use the normal approximation. The serial test, with Moran's variance of the
lag-1 correlation, fails fair d6 dice 0.9% to 1.0% of the time from 20 to 1,000 dice (0.7% at 10, 0.9% at 19;
simulated, 200,000 to 400,000 samples at each size; with the variance 1/n it was 0.4% at 20 and 0.9% at 100:
review). The runs test's approximation fails independent dice far more often than 1 in 100 when one side of the
middle holds few of them (8.9% at 1,000 dice with 10 high ones, 3.1% with 5, 2.3% with 15: review), and from 20 and
a tenth on each side 0.5% to 1.3% with half of them on each side (40 to 2,000 dice) (simulated on random orders of a
given split, 30,000 to 100,000 each), and up to 1.8% near a tenth (238 dice, 24 high: computed exactly by a review),
at most about twice the 1 in 100 the report's headline assumes.
"""

import math
from functools import cache

from scipy import optimize, stats

from fairdice.audit.summary import (
    MIN_EXPECTED,
    MIN_SEQUENCE,
    MIN_SIDE,
    MIN_SIDE_SHARE,
    MIN_TESTED,
    Independence,
    Uniformity,
)
from fairdice.audit.tally import DieTally

CONFIDENCE = 0.99
POWER = 0.80


def uniformity(die: DieTally) -> Uniformity:
    """Chi-square goodness of fit of the face counts to a fair die; its p-value only from MIN_TESTED dice expected of
    each face (two equal faces of two d20 dice, one time in 20, would fail it)."""
    if die.n == 0:
        return Uniformity(chi2=None, df=die.sides - 1, p_value=None)
    result = stats.chisquare(die.faces)
    p_value = float(result.pvalue) if die.n >= MIN_TESTED * die.sides else None
    return Uniformity(chi2=float(result.statistic), df=die.sides - 1, p_value=p_value)


def independence(die: DieTally) -> Independence:
    """Runs test and serial correlation over the die's faces in the order they were read; their p-values only from
    MIN_SEQUENCE dice, and the runs test's from MIN_SIDE on each side of the middle, where the normal approximation
    holds."""
    n = die.n
    runs_z = _runs_z(die)
    serial = _serial_correlation(die)
    # Moran's mean and variance of the lag-1 correlation of independent values: -1/n and (n-2)²/(n²(n-1))
    serial_z = None if serial is None else (serial + 1 / n) * n * math.sqrt(n - 1) / (n - 2)
    made = n >= MIN_SEQUENCE
    fewer = min(die.high, n - die.high)
    balanced = fewer >= MIN_SIDE and fewer >= MIN_SIDE_SHARE * n
    return Independence(
        runs_z=runs_z,
        runs_p_value=_two_sided(runs_z) if made and balanced else None,
        serial_correlation=serial,
        serial_p_value=_two_sided(serial_z) if made else None,
    )


def detectable_bias(die: DieTally) -> float | None:
    """The smallest excess chance of one face the chi-square test detects (99% confidence, 80% power).

    One face at 1/k + d and the others at 1/k - d/(k-1) give the noncentrality n k² d² / (k-1). That is the usual
    approximation, and optimistic: simulated at the figure given, the test's true power is 71% for 30 d6 dice, 73% for
    100, 77% for 1,000 and 79% for 10,000; 67% for 100 d20 dice, 74% for 1,000 and 78% for 10,000 (the README says
    so). None below MIN_EXPECTED dice expected of each face, where the test's p-value is not given either (a test not
    made detects nothing), and when the bias found is more than a face's chance can rise (1 - 1/k), which from 5
    dice expected of each face only a die of two sides reaches.
    """
    k, n = die.sides, die.n
    if k < 2 or n < MIN_EXPECTED * k:  # a die of one side has no bias to detect (review: a forged partial's raised)
        return None
    bias = math.sqrt(_noncentrality(k - 1) * (k - 1) / (n * k * k))
    return bias if bias <= 1 - 1 / k else None


@cache
def _noncentrality(df: int) -> float:
    """The noncentrality at which the chi-square test's power reaches POWER."""
    critical = stats.chi2.ppf(CONFIDENCE, df)

    def shortfall(nc: float) -> float:
        return float(stats.ncx2.sf(critical, df, nc)) - POWER

    return float(optimize.brentq(shortfall, 1e-9, 1e4))


def _runs_z(die: DieTally) -> float | None:
    n, high = die.n, die.high
    low = n - high
    if high == 0 or low == 0:
        return None
    expected = 2 * high * low / n + 1
    variance = 2 * high * low * (2 * high * low - n) / (n * n * (n - 1))
    return (die.runs - expected) / math.sqrt(variance) if variance > 0 else None


def _serial_correlation(die: DieTally) -> float | None:
    n = die.n
    if n < 3 or die.first is None or die.last is None:
        return None
    mean = die.total / n
    spread = die.squares - n * mean * mean
    if spread <= 0:
        return None
    # Σ (x_i - m)(x_{i+1} - m) over the n-1 neighbours, from the stored sums.
    products = die.lag - mean * (2 * die.total - die.first - die.last) + (n - 1) * mean * mean
    return products / spread


def _two_sided(z: float | None) -> float | None:
    return None if z is None else float(2 * stats.norm.sf(abs(z)))
