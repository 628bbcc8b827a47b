"""The tests gaming regulators ask of dice, at 99% confidence, from a die's tally (scipy.stats).

- uniformity: Pearson's chi-square of the face counts against equal chances;
- independence: the Wald-Wolfowitz runs test on faces above and below the middle, and the lag-1
  serial correlation of the faces (normal approximation, as both are used on long sequences);
- power: the smallest bias of one face (its chance above 1/sides, the others sharing the loss)
  that the chi-square test would detect at 99% confidence with 80% power, by the usual noncentral
  chi-square approximation (the test's true power there is lower: see `detectable_bias`).

A test that the data cannot support gives null figures: no dice, every face on one side of the middle, a
chi-square p-value or a detectable bias with fewer than MIN_EXPECTED dice expected of each face (Cochran's rule: the
test's approximation then fails far more often than 1 in 100 on fair dice, so it is not made, and no bias is said to
be detectable by it), a runs or serial p-value with fewer than MIN_SEQUENCE dice. Both use the normal
approximation, for which 20 is the usual rule (about 10 on each side of the middle, for the runs test). Below it the
runs test cannot fail at all under 10 dice, fails fair dice 1.2% of the time at 10, and the serial test hardly can
(0.04% at 10 dice, 0.3% at 19); from 20 the runs test fails fair dice 0.6% to 1.1% of the time and the serial test
0.4% to 0.7% (the runs test computed exactly over every sequence of high and low faces, both simulated: reviews; a
headline had counted tests of 3 to 9 dice, which could not fail, as passed).
"""

import math
from functools import cache

from scipy import optimize, stats

from fairdice.audit.summary import MIN_EXPECTED, MIN_SEQUENCE, Independence, Uniformity
from fairdice.audit.tally import DieTally

CONFIDENCE = 0.99
POWER = 0.80


def uniformity(die: DieTally) -> Uniformity:
    """Chi-square goodness of fit of the face counts to a fair die; its p-value only from MIN_EXPECTED dice expected
    of each face (two equal faces of a d20 would fail it one time in 20)."""
    if die.n == 0:
        return Uniformity(chi2=None, df=die.sides - 1, p_value=None)
    result = stats.chisquare(die.faces)
    p_value = float(result.pvalue) if die.n >= MIN_EXPECTED * die.sides else None  # as detectable_bias
    return Uniformity(chi2=float(result.statistic), df=die.sides - 1, p_value=p_value)


def independence(die: DieTally) -> Independence:
    """Runs test and serial correlation over the die's faces in the order they were read; their p-values only from
    MIN_SEQUENCE dice, where the normal approximation holds."""
    runs_z = _runs_z(die)
    serial = _serial_correlation(die)
    serial_z = None if serial is None else (serial + 1 / die.n) * math.sqrt(die.n)
    made = die.n >= MIN_SEQUENCE
    return Independence(
        runs_z=runs_z,
        runs_p_value=_two_sided(runs_z) if made else None,
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
    if n < MIN_EXPECTED * k:
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
