import { hash, verify } from '@node-rs/argon2';

// OWASP ASVS 5.0 Appendix C (and the OWASP Password Storage Cheat Sheet) set the floor for
// argon2id at m=19 MiB, t=2, p=1. Better Auth's default (scrypt, N=16384) is below it, so we
// hash with argon2id at twice that memory. Parameters travel inside each hash string, so they
// can be raised later without breaking existing passwords.
// @node-rs/argon2's Algorithm is a const enum (2 = Argon2id), which isolated modules cannot import.
const ARGON2ID = 2;
export const ARGON2_PARAMS = { algorithm: ARGON2ID, memoryCost: 38 * 1024, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

export async function verifyPassword(data: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(data.hash, data.password);
  } catch {
    return false;
  }
}
