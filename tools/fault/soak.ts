import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { killAllChildren, ROOT } from '../harness/proc';
import { apiCrashScenario, projectorCrashScenario } from './crash';

/**
 * npm run soak [-- --projector-events=200000 --projector-kills=20 --api-kills=20]
 * The long crash runs of the fault suite (fault test 1). Exit 1 when anything was lost or doubled.
 */
async function main(): Promise<void> {
  const arg = (name: string, fallback: number) => {
    const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
    return hit ? Number(hit.split('=')[1]) : fallback;
  };
  const log = (line: string) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
  const projectorEvents = arg('projector-events', 200_000);
  const projectorKills = arg('projector-kills', 20);
  const apiKills = arg('api-kills', 20);
  log(`soak: projector ${projectorEvents} events x ${projectorKills} kills; api ${apiKills} kills`);
  const projector = await projectorCrashScenario({ events: projectorEvents, kills: projectorKills, log });
  const api = await apiCrashScenario({ kills: apiKills, log });
  const projectorOk = projector.replay.ok && projector.companiesProjected === projector.companiesGenerated;
  const apiOk = api.missing.length === 0 && api.doubled.length === 0 && api.exactlyOnce === api.acknowledged && api.unacknowledgedAtEnd === 0 && api.replay.ok;
  const summary = {
    at: new Date().toISOString(),
    projector: {
      events: projector.events,
      kills: projector.kills,
      killsMidCatchUp: projector.killsMidCatchUp,
      checksumsMatch: projector.replay.ok,
      collections: projector.replay.collections,
      companiesGenerated: projector.companiesGenerated,
      companiesProjected: projector.companiesProjected,
      seconds: projector.ms / 1000,
      passed: projectorOk,
    },
    api: {
      kills: api.kills,
      commandsSent: api.commandsSent,
      sends: api.sends,
      acknowledged: api.acknowledged,
      exactlyOnce: api.exactlyOnce,
      missing: api.missing,
      doubled: api.doubled,
      unacknowledgedAtEnd: api.unacknowledgedAtEnd,
      errors: api.errors,
      checksumsMatch: api.replay.ok,
      seconds: api.ms / 1000,
      passed: apiOk,
    },
  };
  const dir = join(ROOT, 'bench-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'soak-latest.json'), `${JSON.stringify(summary, null, 2)}\n`);
  log(
    `projector crash: ${projector.kills} kills (${projector.killsMidCatchUp} mid catch-up) over ${projector.events} events; checksums ${projector.replay.ok ? 'match' : 'DIFFER'}: ${projectorOk ? 'PASSED' : 'FAILED'}`,
  );
  log(
    `api crash: ${api.kills} kills, ${api.commandsSent} commands (${api.sends} sends), ${api.acknowledged} acknowledged, ${api.exactlyOnce} exactly once, ${api.missing.length} missing, ${api.doubled.length} doubled: ${apiOk ? 'PASSED' : 'FAILED'}`,
  );
  log(`written to bench-results/soak-latest.json`);
  process.exitCode = projectorOk && apiOk ? 0 : 1;
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`soak failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => {
    killAllChildren();
    // socket.io clients may keep handles open
    setTimeout(() => process.exit(process.exitCode ?? 0), 200).unref();
  });
