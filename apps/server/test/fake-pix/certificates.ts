import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PixCertificates {
  dir: string;
  /** The authority that signed both ends: the server trusts its clients by it, the client its server. */
  caPath: string;
  ca: Buffer;
  serverKey: Buffer;
  serverCert: Buffer;
  /** The client certificate as the provider hands it over: a .p12 with its key. */
  clientP12Path: string;
  /** A certificate of another authority, which the fake must refuse. */
  strangerP12Path: string;
  passphrase: string;
}

const openssl = (dir: string, ...args: string[]) =>
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

function authority(dir: string, name: string) {
  openssl(
    dir,
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    `/CN=${name}`,
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.crt`,
  );
}

function signed(dir: string, ca: string, name: string, extensions: string) {
  openssl(
    dir,
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    `/CN=${name}`,
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.csr`,
  );
  openssl(
    dir,
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.crt`,
    '-CAkey',
    `${ca}.key`,
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    extensions,
    '-out',
    `${name}.crt`,
  );
}

/** A fresh authority, server and client certificates for one test run (openssl, nothing committed). */
export function createPixCertificates(): PixCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'balcao-fake-pix-'));
  const passphrase = 'fake-pix';
  authority(dir, 'ca');
  authority(dir, 'stranger-ca');
  execFileSync(
    'sh',
    [
      '-c',
      'printf "subjectAltName=IP:127.0.0.1,DNS:localhost\\n" > server.ext; printf "extendedKeyUsage=clientAuth\\n" > client.ext',
    ],
    { cwd: dir },
  );
  signed(dir, 'ca', 'server', 'server.ext');
  signed(dir, 'ca', 'client', 'client.ext');
  signed(dir, 'stranger-ca', 'stranger', 'client.ext');
  for (const name of ['client', 'stranger'])
    openssl(
      dir,
      'pkcs12',
      '-export',
      '-inkey',
      `${name}.key`,
      '-in',
      `${name}.crt`,
      '-out',
      `${name}.p12`,
      '-passout',
      `pass:${passphrase}`,
    );
  return {
    dir,
    caPath: join(dir, 'ca.crt'),
    ca: readFileSync(join(dir, 'ca.crt')),
    serverKey: readFileSync(join(dir, 'server.key')),
    serverCert: readFileSync(join(dir, 'server.crt')),
    clientP12Path: join(dir, 'client.p12'),
    strangerP12Path: join(dir, 'stranger.p12'),
    passphrase,
  };
}
