import { moneyIsConserved } from './money-is-conserved';

/**
 * A quarter of the money property test's 100 random runs per database. One file of 100 runs outlasted the rest
 * of its suite by minutes (212 s of the suites' 390 s in CI, on one worker, while the other idled); four share
 * the two workers.
 */
moneyIsConserved(25);
