import { getCountries, getCountryCallingCode } from 'libphonenumber-js';

/** The entry the sign-up form preselects (SPEC.md §3: the list's first entry is the default). */
export const DEFAULT_AREA = 'US';

export interface AreaSeed {
  code: string;
  globalCode: string;
  sort: number;
}

const englishNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Every country with a dialling code, the default first and the rest by English name. */
export function areaSeeds(): AreaSeed[] {
  const rows = getCountries()
    .map((code) => ({ code, globalCode: getCountryCallingCode(code), name: englishNames.of(code) ?? code }))
    .sort((a, b) =>
      a.code === DEFAULT_AREA ? -1 : b.code === DEFAULT_AREA ? 1 : a.name.localeCompare(b.name),
    );
  return rows.map(({ code, globalCode }, sort) => ({ code, globalCode, sort }));
}
