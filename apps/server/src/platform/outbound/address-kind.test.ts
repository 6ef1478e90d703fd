import { describe, expect, test } from 'vitest';
import { addressKind, urlHostAddress } from './address-kind.js';

describe('what an address leads to', () => {
  test.each([
    ['127.0.0.1', 'private'],
    ['127.255.255.254', 'private'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.255', 'private'],
    ['::1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['0.0.0.0', 'reserved'],
    ['0.1.2.3', 'reserved'],
    ['169.254.169.254', 'reserved'],
    ['224.0.0.1', 'reserved'],
    ['239.255.255.250', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['::', 'reserved'],
    ['fe80::1', 'reserved'],
    ['ff02::1', 'reserved'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['2606:4700::1111', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  test.each([
    ['::ffff:127.0.0.1', 'private'],
    ['::ffff:7f00:1', 'private'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'reserved'],
    ['::ffff:8.8.8.8', 'public'],
    ['::7f00:1', 'private'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::808:808', 'public'],
    ['2002:7f00:1::', 'private'],
    ['2002:a9fe:a9fe::1', 'reserved'],
  ])('an IPv4 address inside IPv6 counts as itself: %s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });
});

describe('the address a URL names without asking DNS', () => {
  test.each([
    ['http://127.0.0.1:8080/hook', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://2130706433/', '127.0.0.1'],
    ['http://017700000001/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://127.0.0.1./', '127.0.0.1'],
    ['http://%31%32%37.0.0.1/', '127.0.0.1'],
    ['http://[::1]:5678/', '::1'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['http://0/', '0.0.0.0'],
    ['https://n8n.example.com/webhook', undefined],
  ])('%s names %s', (url, address) => {
    expect(urlHostAddress(new URL(url))).toBe(address);
  });

  test.each([
    'http://0x7f000001/',
    'http://2130706433/',
    'http://017700000001/',
    'http://127.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
  ])('%s leads to the server itself', (url) => {
    expect(addressKind(urlHostAddress(new URL(url)) ?? '')).toBe('private');
  });
});
