// jsdom (a dev dependency, the web unit tests' DOM) ships no types and @types/jsdom is not installed:
// the one constructor tests/support/isdoc.ts uses to parse XML.
declare module 'jsdom' {
  export class JSDOM {
    constructor(markup: string, options?: { contentType?: string });
    readonly window: { readonly document: Document };
  }
}
