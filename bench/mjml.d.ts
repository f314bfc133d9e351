// mjml 5 ships no types; this is the one call the benchmark makes (async since v5).
declare module 'mjml' {
  interface MjmlOptions {
    validationLevel?: 'strict' | 'soft' | 'skip';
    minify?: boolean;
    beautify?: boolean;
  }
  interface MjmlResult {
    html: string;
    errors: unknown[];
  }
  export default function mjml2html(mjml: string, options?: MjmlOptions): Promise<MjmlResult>;
}
