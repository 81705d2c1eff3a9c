const { camtWith } = require('./apps/api/dist/features/banking/banking.bench.js');
const { parseStatementFile } = require('./libs/bank-statements/dist/index.js');
const measure = (name, f) => { const c = process.cpuUsage(); const t = performance.now(); const r = f(); const u = process.cpuUsage(c); console.log(name, 'wall', Math.round(performance.now() - t), 'cpu', Math.round((u.user + u.system) / 1000)); return r; };
const xml = Buffer.from(camtWith(48000));
measure(`camt ${(xml.length/1048576).toFixed(1)} MB`, () => parseStatementFile(xml));
let mt = ':20:X\n:25:AT483200000012345864\n:28C:1/1\n:60F:C260101EUR0,00\n';
const lines = [];
for (let i = 0; i < 100000; i++) lines.push(`:61:2601010101C1,00NTRFNONREF//R${i}\n:86:166?00GUTSCHRIFT?20EREF+E${i}?21SVWZ+Rechnung ${i}?32Kunde ${i}\n`);
mt += lines.join('') + `:62F:C260101EUR1000,00\n`;
measure(`mt940 ${(mt.length/1048576).toFixed(1)} MB`, () => parseStatementFile(Buffer.from(mt)));
const rows = ['Bezeichnung Auftragskonto;IBAN Auftragskonto;BIC Auftragskonto;Bankname Auftragskonto;Buchungstag;Valutadatum;Name Zahlungsbeteiligter;IBAN Zahlungsbeteiligter;BIC (SWIFT-Code) Zahlungsbeteiligter;Buchungstext;Verwendungszweck;Betrag;Waehrung;Saldo nach Buchung;Bemerkung;Gekennzeichneter Umsatz;Glaeubiger ID;Mandatsreferenz'];
let bal = 0;
for (let i = 0; i < 100000; i++) { bal += 100; rows.push(`Giro;DE89370400440532013000;X;VR;04.01.2026;04.01.2026;Kunde ${i};;;Gutschrift;Rechnung ${i};1,00;EUR;${(bal/100).toFixed(2).replace('.',',')};;;;`); }
const c = rows.join('\n');
measure(`csv ${(c.length/1048576).toFixed(1)} MB`, () => parseStatementFile(Buffer.from(c)));
