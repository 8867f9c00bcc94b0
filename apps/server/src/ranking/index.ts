/** The ranking area's face: all that other areas and the composition root use of it. */
export { seedDemoTraders } from './demo-traders';
export { startRankingJobs } from './jobs';
export { maskedName } from './mask';
export { isOptedIn, leaderboard, leaveLeaderboard, rankingRowOf, setOptIn } from './repo';
export { rankingFigures } from './service';
