/** pg's own escaping, without loading the whole driver: all the embedded database needs of it. */
declare module 'pg/lib/utils' {
  const utils: { escapeLiteral(value: string): string };
  export default utils;
}
