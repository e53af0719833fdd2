import { measureNetwork } from './bench/network'
for (const origin of process.argv.slice(2)) {
  console.log(origin)
  await measureNetwork(origin, { lighthouse: false, export: false, log: console.log })
}
