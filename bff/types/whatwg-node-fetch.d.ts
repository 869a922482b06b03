// The types of @whatwg-node/fetch (graphql-yoga's fetch API) for the bff/ project, without the
// package's `/// <reference lib="dom" />`, which would bring the whole browser DOM into every
// program that imports graphql-yoga and so hide a browser API used on the server (bff/tsconfig.json
// maps the package here; docs/decisions/0024). The same names, typed by Node's own fetch globals.
export const fetch: typeof globalThis.fetch;
export const Request: typeof globalThis.Request;
export const Response: typeof globalThis.Response & { json(data: unknown, init?: ResponseInit): globalThis.Response };
export const Headers: typeof globalThis.Headers;
export const FormData: typeof globalThis.FormData;
export const ReadableStream: typeof globalThis.ReadableStream;
export const WritableStream: typeof globalThis.WritableStream;
export const TransformStream: typeof globalThis.TransformStream;
export const CompressionStream: typeof globalThis.CompressionStream;
export const DecompressionStream: typeof globalThis.DecompressionStream;
export const TextDecoderStream: typeof globalThis.TextDecoderStream;
export const TextEncoderStream: typeof globalThis.TextEncoderStream;
export const Blob: typeof globalThis.Blob;
export const File: typeof globalThis.File;
export const crypto: typeof globalThis.crypto;
export const btoa: typeof globalThis.btoa;
export const TextDecoder: typeof globalThis.TextDecoder;
export const TextEncoder: typeof globalThis.TextEncoder;
export const URL: typeof globalThis.URL;
export const URLSearchParams: typeof globalThis.URLSearchParams;
/** Not a global of Node 20. */
export const URLPattern: unknown;
export interface FormDataLimits {
  fieldNameSize?: number;
  fieldSize?: number;
  fields?: number;
  fileSize?: number;
  files?: number;
  parts?: number;
  headerSize?: number;
}
export const createFetch: (opts?: { useNodeFetch?: boolean; formDataLimits?: FormDataLimits; skipPonyfill?: boolean }) => {
  fetch: typeof fetch;
  Request: typeof Request;
  Response: typeof Response;
  Headers: typeof Headers;
  FormData: typeof FormData;
  ReadableStream: typeof ReadableStream;
  WritableStream: typeof WritableStream;
  TransformStream: typeof TransformStream;
  CompressionStream: typeof CompressionStream;
  DecompressionStream: typeof DecompressionStream;
  TextDecoderStream: typeof TextDecoderStream;
  TextEncoderStream: typeof TextEncoderStream;
  Blob: typeof Blob;
  File: typeof File;
  crypto: typeof crypto;
  btoa: typeof btoa;
  TextEncoder: typeof TextEncoder;
  TextDecoder: typeof TextDecoder;
  URLPattern: typeof URLPattern;
  URL: typeof URL;
  URLSearchParams: typeof URLSearchParams;
};
