/** The part of s3rver (a local S3 server, no types of its own) the storage tests use. */
declare module 's3rver' {
  interface Options {
    address: string;
    port: number;
    silent: boolean;
    directory: string;
    configureBuckets: { name: string; configs: string[] }[];
  }
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
