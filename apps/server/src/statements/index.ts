/** The statements area's face: all that other areas and the composition root use of it. */

export type { Cell } from './csv';
export { BOM, CSV_TYPE, csvFilename, csvLine } from './csv';
export { statementRoutes } from './routes';
export { startSnapshotJob } from './snapshots';
