import ExcelJS from 'exceljs';
import { euros, neutraliseFormula, toCsv, toXlsx, type ExportColumn } from '../export.js';

interface Row {
  name: string;
  born: string | null;
  owes: number;
  count: number;
}

const COLUMNS: ExportColumn<Row>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Geburtsdatum', value: (r) => r.born, type: 'date' },
  { header: 'Saldo', value: (r) => r.owes, type: 'money' },
  { header: 'Anzahl', value: (r) => r.count, type: 'int' },
];

const ROWS: Row[] = [
  { name: '=cmd|\' /C calc\'!A0', born: '2010-03-07', owes: -1234, count: 3 },
  { name: 'Müller; "Hans"', born: null, owes: 5, count: -2 },
  { name: '+SUM(A1)', born: '1999-12-31', owes: 0, count: 0 },
  { name: '@x', born: null, owes: 100, count: 1 },
  { name: '\tTab', born: null, owes: 100, count: 1 },
];

describe('exports', () => {
  it('neutralises text that a spreadsheet would run as a formula', () => {
    expect(neutraliseFormula('=1+1')).toBe("'=1+1");
    expect(neutraliseFormula('-2')).toBe("'-2");
    expect(neutraliseFormula('\rx')).toBe("'\rx");
    expect(neutraliseFormula('Anna')).toBe('Anna');
    expect(euros(-305)).toBe('-3,05');
    expect(euros(123450)).toBe('1234,50');
  });

  it('writes CSV for German Excel: BOM, semicolons, quoted fields, DD.MM.YYYY, euro amounts as numbers', () => {
    const csv = toCsv(COLUMNS, ROWS);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('Name;Geburtsdatum;Saldo;Anzahl');
    expect(lines[1]).toBe("'=cmd|' /C calc'!A0;07.03.2010;-12,34;3");
    expect(lines[2]).toBe('"Müller; ""Hans""";;0,05;-2');
    expect(lines[3]).toBe("'+SUM(A1);31.12.1999;0,00;0");
    expect(lines[4]).toBe("'@x;;1,00;1");
    expect(lines[5]).toBe("'\tTab;;1,00;1");
  });

  it('writes XLSX with text neutralised and numbers and dates as real values', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await toXlsx(COLUMNS, ROWS, 'Schüler')) as never);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Geburtsdatum', 'Saldo', 'Anzahl']);
    expect(sheet.getCell('A2').value).toBe("'=cmd|' /C calc'!A0");
    expect(sheet.getCell('A2').formula).toBeUndefined();
    expect(sheet.getCell('B2').value).toEqual(new Date('2010-03-07T00:00:00Z'));
    expect(sheet.getCell('B2').numFmt).toBe('dd.mm.yyyy');
    expect(sheet.getCell('C2').value).toBe(-12.34);
    expect(sheet.getCell('D3').value).toBe(-2);
    expect(sheet.getCell('A4').value).toBe("'+SUM(A1)");
  });
});
