import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      API_BASE: '/pmobile',
      PUBLIC_PATH: '/zctgdzhwy',
      CUSTOMER_PREFIX: 'customer',
      GATEWAY_PREFIX: 'gateway',
      BODY_LIMIT: 1024 * 1024,
      MAX_LOGIN_FAILURES: 5,
      LOCK_MINUTES: 30,
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.REDIS_URL).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
  });

  it('takes LOCK_MINUTES=0 as a lock until staff unlock', () => {
    expect(loadConfig({ LOCK_MINUTES: '0' }).LOCK_MINUTES).toBe(0);
  });

  it('beats live event streams more often than the connection timeout', () => {
    expect(loadConfig({}).EVENTS_HEARTBEAT_MS).toBe(15_000);
    // Unset, it follows a shorter connection timeout down.
    expect(loadConfig({ CONNECTION_TIMEOUT_MS: '5000' }).EVENTS_HEARTBEAT_MS).toBe(2_500);
    expect(loadConfig({ EVENTS_HEARTBEAT_MS: '1000', CONNECTION_TIMEOUT_MS: '5000' }).EVENTS_HEARTBEAT_MS).toBe(1_000);
    expect(() => loadConfig({ EVENTS_HEARTBEAT_MS: '5000', CONNECTION_TIMEOUT_MS: '5000' })).toThrow(/EVENTS_HEARTBEAT_MS: must be shorter than CONNECTION_TIMEOUT_MS/);
  });

  it('refuses production on the embedded stores, naming both, unless a pilot allows it', () => {
    const production = { NODE_ENV: 'production', CRYPTO_KEYS_DIR: '/srv/keys' };
    const servers = { DATABASE_URL: 'postgres://db/portal', REDIS_URL: 'redis://cache:6379' };
    const refusal = /DATABASE_URL, REDIS_URL: both required in production.*ALLOW_EMBEDDED_IN_PRODUCTION=1/;
    expect(() => loadConfig(production)).toThrow(refusal);
    expect(() => loadConfig({ ...production, DATABASE_URL: servers.DATABASE_URL })).toThrow(refusal);
    expect(() => loadConfig({ ...production, REDIS_URL: servers.REDIS_URL })).toThrow(refusal);
    expect(loadConfig({ ...production, ...servers }).NODE_ENV).toBe('production');
    expect(loadConfig({ ...production, ALLOW_EMBEDDED_IN_PRODUCTION: '1' }).ALLOW_EMBEDDED_IN_PRODUCTION).toBe(true);
    // Outside production the embedded stores are the default.
    expect(loadConfig({}).ALLOW_EMBEDDED_IN_PRODUCTION).toBe(false);
  });

  it('refuses the test-only clock in production', () => {
    const production = { NODE_ENV: 'production', CRYPTO_KEYS_DIR: '/srv/keys', ALLOW_EMBEDDED_IN_PRODUCTION: '1' };
    expect(() => loadConfig({ ...production, TEST_CLOCK: '1' })).toThrow(/TEST_CLOCK: must not be set in production/);
    expect(loadConfig({ ...production, TEST_CLOCK: '0' }).TEST_CLOCK).toBe(false);
    expect(loadConfig({ TEST_CLOCK: '1' }).TEST_CLOCK).toBe(true);
    expect(loadConfig({}).TEST_CLOCK).toBe(false);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(8080);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['NODE_ENV', 'staging'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'localhost:6379'],
    ['API_BASE', 'pmobile'],
    ['PUBLIC_PATH', '/zctgdzhwy/'],
    ['CUSTOMER_PREFIX', 'cust/omer'],
    ['BODY_LIMIT', '10'],
    ['LOG_LEVEL', 'verbose'],
    ['LOCK_MINUTES', '-1'],
    ['LOCK_MINUTES', 'forever'],
    ['LOGIN_EDITION_HOSTS', 'cert.bank.example=usb'],
    ['LOGIN_EDITION_HOSTS', 'cert.bank.example:8443=certificate'],
    ['LOGIN_EDITION_HOSTS', 'https://cert.bank.example=certificate'],
    ['LOGIN_EDITION_HOSTS', 'a.example=signed,A.example=certificate'],
    ['PLUGIN_ORIGINS', '*'],
    ['PLUGIN_ORIGINS', 'null'],
    ['PLUGIN_ORIGINS', 'http://localhost:9201/'],
    ['PLUGIN_ORIGINS', 'file:///plugin/index.html'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('maps hosts to login editions (spec §6), none by default', () => {
    expect(loadConfig({}).LOGIN_EDITION_HOSTS.size).toBe(0);
    const hosts = loadConfig({ LOGIN_EDITION_HOSTS: ' Cert.Bank.Example=certificate , sign.bank.example=signed,127.0.0.1=signed,[::1]=certificate' }).LOGIN_EDITION_HOSTS;
    expect([...hosts]).toEqual([
      ['cert.bank.example', 'certificate'],
      ['sign.bank.example', 'signed'],
      ['127.0.0.1', 'signed'],
      ['[::1]', 'certificate'],
    ]);
  });

  it('allows no plug-in origin unless listed', () => {
    expect(loadConfig({}).PLUGIN_ORIGINS).toEqual([]);
    expect(loadConfig({ PLUGIN_ORIGINS: 'http://localhost:9201, https://plugin.bank.example' }).PLUGIN_ORIGINS).toEqual(['http://localhost:9201', 'https://plugin.bank.example']);
  });

  it('refuses an API base equal to the public path', () => {
    expect(() => loadConfig({ API_BASE: '/app', PUBLIC_PATH: '/app' })).toThrow(/API_BASE/);
  });
});
