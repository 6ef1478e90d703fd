import { isIP, isIPv4, isIPv6 } from 'node:net';

/**
 * Where an address leads. `private`: the server's own networks (loopback, RFC 1918, carrier-grade NAT,
 * unique-local), which an install may open for an n8n beside it. `reserved`: never a service (this
 * network, link-local with the clouds' metadata endpoint, multicast, broadcast, documentation).
 */
export type AddressKind = 'public' | 'private' | 'reserved';

type Range = readonly [network: string, prefix: number, kind: Exclude<AddressKind, 'public'>];

const IPV4: Range[] = [
  // Connecting to 0.0.0.0 reaches the server itself on Linux.
  ['0.0.0.0', 8, 'reserved'],
  ['169.254.0.0', 16, 'reserved'],
  ['224.0.0.0', 4, 'reserved'],
  ['240.0.0.0', 4, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['127.0.0.0', 8, 'private'],
  ['10.0.0.0', 8, 'private'],
  ['172.16.0.0', 12, 'private'],
  ['192.168.0.0', 16, 'private'],
  ['100.64.0.0', 10, 'private'],
  ['192.0.0.0', 24, 'private'],
  ['198.18.0.0', 15, 'private'],
];

const IPV6: Range[] = [
  ['::', 128, 'reserved'],
  ['::1', 128, 'private'],
  ['100::', 64, 'reserved'],
  ['2001:db8::', 32, 'reserved'],
  // Teredo tunnels hide the IPv4 address they lead to.
  ['2001::', 32, 'private'],
  ['64:ff9b:1::', 48, 'private'],
  ['fc00::', 7, 'private'],
  ['fec0::', 10, 'private'],
  ['fe80::', 10, 'reserved'],
  ['ff00::', 8, 'reserved'],
];

/** IPv6 forms that carry an IPv4 address in their last 32 bits, which is where they lead. */
const CARRY_IPV4_IN_LOW_BITS: [network: string, prefix: number][] = [
  ['::ffff:0:0', 96],
  ['::ffff:0:0:0', 96],
  ['::', 96],
  ['64:ff9b::', 96],
];
/** 6to4: the IPv4 address is bits 16–48. */
const SIX_TO_FOUR: [network: string, prefix: number] = ['2002::', 16];

function ipv4Value(address: string): bigint {
  return address.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

function ipv6Value(address: string): bigint {
  let text = address.split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const low = ipv4Value(dotted);
    text = `${text.slice(0, -dotted.length)}${(low >> 16n).toString(16)}:${(low & 0xffffn).toString(16)}`;
  }
  const [left = '', right] = text.split('::');
  const words = (part: string) => (part === '' ? [] : part.split(':').map((word) => BigInt(`0x${word}`)));
  const head = words(left);
  const tail = right === undefined ? [] : words(right);
  const gap = Array<bigint>(8 - head.length - tail.length).fill(0n);
  return [...head, ...gap, ...tail].reduce((value, word) => (value << 16n) | word, 0n);
}

const within = (value: bigint, bits: number, network: bigint, prefix: number) =>
  value >> BigInt(bits - prefix) === network >> BigInt(bits - prefix);

const compile = (ranges: Range[], parse: (address: string) => bigint) =>
  ranges.map(([network, prefix, kind]) => ({ network: parse(network), prefix, kind }));
const ipv4Ranges = compile(IPV4, ipv4Value);
const ipv6Ranges = compile(IPV6, ipv6Value);
const carriers = CARRY_IPV4_IN_LOW_BITS.map(([network, prefix]) => ({ network: ipv6Value(network), prefix }));
const sixToFour = { network: ipv6Value(SIX_TO_FOUR[0]), prefix: SIX_TO_FOUR[1] };

function ipv4Kind(value: bigint): AddressKind {
  return ipv4Ranges.find((range) => within(value, 32, range.network, range.prefix))?.kind ?? 'public';
}

function ipv6Kind(value: bigint): AddressKind {
  const exact = ipv6Ranges.find((range) => range.prefix === 128 && range.network === value);
  if (exact) return exact.kind;
  if (carriers.some((range) => within(value, 128, range.network, range.prefix)))
    return ipv4Kind(value & 0xffffffffn);
  if (within(value, 128, sixToFour.network, sixToFour.prefix)) return ipv4Kind((value >> 80n) & 0xffffffffn);
  return ipv6Ranges.find((range) => within(value, 128, range.network, range.prefix))?.kind ?? 'public';
}

/** What an IP address leads to; anything that is not one is never connected to. */
export function addressKind(address: string): AddressKind {
  if (isIPv4(address)) return ipv4Kind(ipv4Value(address));
  if (isIPv6(address.split('%')[0] ?? '')) return ipv6Kind(ipv6Value(address));
  return 'reserved';
}

/**
 * The IP address a URL names by itself, or undefined for a name DNS must answer. The URL parser has
 * already turned every spelling of an IPv4 address (hex, octal, one number, `127.1`) into dotted form.
 */
export function urlHostAddress(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) ? host : undefined;
}
