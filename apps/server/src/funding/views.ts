/** A review time for the back office: ISO 8601, or null while pending. */
export const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);
