import type { StoredFile } from './visitor.ts';

/**
 * Small sample media for the `showcase` channel, made here so the demo needs no network and no
 * binary files in the repository: an SVG photo, a WAV tone, a text document and a 2 s WebM clip
 * (recorded once from a canvas with Chromium's MediaRecorder, kept as base64).
 */

/** Where the server serves stored files (the upload URLs). */
const FILES = '/api/chat/visitor/files';

/** The URL of a sample file. */
export const sampleUrl = (id: string): string => `${FILES}/${id}`;

const PHOTO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320" viewBox="0 0 480 320">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7dd3fc"/><stop offset="1" stop-color="#e0f2fe"/></linearGradient></defs>
<rect width="480" height="320" fill="url(#sky)"/><circle cx="380" cy="80" r="36" fill="#fde047"/>
<path d="M0 250 L120 140 L210 220 L300 120 L480 260 L480 320 L0 320Z" fill="#4d7c0f"/>
<path d="M0 280 Q240 230 480 290 L480 320 L0 320Z" fill="#365314"/></svg>`;

/** Sample rate, length and pitch of the voice-message tone. */
const WAV_RATE = 8_000;
const WAV_SECONDS = 2;
const WAV_HZ = 440;
/** Size of a canonical WAV header. */
const WAV_HEADER = 44;

/** A mono 8-bit PCM WAV of a fading tone (what every browser's audio element plays). */
function toneWav(): Uint8Array<ArrayBuffer> {
  const samples = WAV_RATE * WAV_SECONDS;
  const bytes = new Uint8Array(WAV_HEADER + samples);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) => [...text].forEach((ch, i) => view.setUint8(at + i, ch.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, WAV_HEADER - 8 + samples, true);
  ascii(8, 'WAVEfmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, WAV_RATE, true);
  view.setUint32(28, WAV_RATE, true); // bytes per second
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, samples, true);
  for (let i = 0; i < samples; i++) {
    const fade = 1 - i / samples;
    bytes[WAV_HEADER + i] = 128 + Math.round(60 * fade * Math.sin((2 * Math.PI * WAV_HZ * i) / WAV_RATE));
  }
  return bytes;
}

const GUIDE = `Size guide (demo)

EU 38 = US 7 = UK 5
EU 40 = US 8.5 = UK 6.5
EU 42 = US 10 = UK 8
EU 44 = US 11.5 = UK 9.5
`;

const CLIP_WEBM = [
  'GkXfo59ChoEBQveBAULygQRC84EIQoKEd2VibUKHgQRChYECGFOAZwEAAAAAABV/EU2bdLlNu4tTq4QVSalmU6yBbk27i1OrhBZU',
  'rmtTrIGTTbuLU6uEH0O2dVOsgdRNu4xTq4QcU7trU6yCFW3srgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  'AAAAAAAAAAAVSalmoCrXsYMPQkBEiYRE+GjVTYCGQ2hyb21lV0GGQ2hyb21lFlSua7yuuteBAXPFh76SU6nYWieDgQFV7oEBhoVW',
  'X1ZQOOCdsIGguoFaU8CBAVWwkFWxgQFVuYECVbqBDVW7gQEfQ7Z1AQAAAAAAFI3ngQCgQXahQTGBAAAA8AwAnQEqoABaAApHCIWF',
  'iJmEiDeCA0NSqN00dRV/CIaFxEqwx4ajGUeSDq8IrxzqaMXtDuNPzeCeZ3dW8bjvnt8TvzMXQs/nGeQPHFisMny3dDWlHWToyPdo',
  'm8tFZKh/PjjMz++zTERERERL567usAD+y7f7s7RaY4/sMJgihwQcwJqElkKOTOiWwMDvhkCahdxP5Z1nm0S0jeEQngmhHwZeip3E',
  'VbibnY8Rd0TM4Io6Qy+qlk9W1x6ECgpcpd5dcodVg7VXbYnKngo7e+wcaxYc7CoHUPWaZg/rsrsTjW4gXVd2eNe0/1eTARm2jtL/',
  'Fe981I5+OvnNQfPVr807vMKx4BKu9XHM74vaR0JMGaEr6IbO784jVbI7LJpF2hyOvVdMxeSEScRhPHoAAHWhv6a97oEBpbhQBQCd',
  'ASqgAFoACocIhYWImYSIOAIABigPCHVUmu4h1VJruIdVSa7iHVUmu4h1VJruIbwA/uuuAKBAi6HogQBOALEEACsRoAAey4H6AH+Y',
  'l84AFyW/C35p8d+LR2DeaI299qCJDzITsgD+0HK/UrfropGe9y0UK2fE6xaJEIVN7IJWA+nb2Cthle8BSX1Gh7mg6LkIJ35SM7Is',
  'Uv87RlEswa9cAAB1oZumme6BAaWUEQIAKhHAABgAGFgv9AAIgIEAAAD7gQCgQIOh4IEAoQBxBAArEYQAGvmLXaAMoLP7AAHL2BY0',
  'VxYoN1Da+mKd7IWWnDZ32P7UV7+LuxHGTw9hhMEAIkhiQeKg/bqePZ7et8ghecob7vZo85zkJukxJgpylnMkjqRKVmG1AHWhm6aZ',
  '7oEBpZQRAgAqEcAAGAAYWC/0AAiAgQAAAPuBTqBA6qFAxoEA9ACRBAArETgAGAfjML/hVb5zggCBWzKPcZLJiOtSijpBSY/pe2k5',
  'wgD+3Cnf6P/Un7vvu/BtzbjrusmtB8/NWfuAjoEktfwcZdfjTPeAUcCVQhJKOKod8B4KYKzcx2aB7fSS1IPpxCQ02oaCpJV1gHTA',
  'nFg+q4KgyCQB72apXdb1vZIsf2jM1IQzehXMfAT5suK8kIX/kqJExa0nUklP9Nwo0oJkDSSsUixYNYEOS5ZK6IoGN2n2owys/q6s',
  '+SmFZ+XfgHWhm6aZ7oEBpZQRAgAqEcAAGAAYWC/0AAiAgQAAAPuBoaBAo6FAf4EBnQDRBAArESgAGAmtAM8YXN9gSNIoSUbzkaLL',
  'mOX07heXLjfHXCnEHVqiwP7d8t/0f+pP3ffd+uNN6bdP11VhJ2qVFrHbC4o9TuNhR0v8BnnHbJKb/uB3r39JClf0j5+KtIApkjhP',
  'dfLkMh4m2kLirF2DSvMrOAdeDGrFwAB1oZumme6BAaWUEQIAKhG4ABgAGFgv9AAIgIEAAAD7gfSgQMahQKGBAkAAMQUAKxEMABgH',
  'YB088dXbWYT07D4IAnikpzvvVAtBu5225W7S2PlwcSkcWQD+32cf+rtsdDWq/144x9pkrbELWO3+eZRudH0hC3OiYOaucTkO9dUs',
  '0n9M3UAaYjF5RTdJP+/zLj3t14v9gSaipD/v9FDRI3y8q6IX2GeREhfg6hJDK8lo7n/3SWnM4zVnV+RYJpEvCl7G7gtRQfUbgHWh',
  'm6aZ7oEBpZQRAgAqEZAAGAAYWC/0AAiAgQAAAPuCAZ2gQL6hQJmBApMAcQQAKxD4ABgAHqc39AAUSlSHYUerbjvAWXtFToxFF8hH',
  'frDx0SD+4bCf/nbTbTaA/9eOMfjwkakKxVeB1pmzne38MpwKfwUKXaC8Hf7y9VBfQiJOS2WniY5dyHNyEFvhtksH/f7CZqEIlOu2',
  'e2wUCmC65iJ/3FuFEQWojvlI9tmbc8HtmPFIUo7IJlzE85oBw5yy1/B1oZumme6BAaWUEQIAKhFgABgAGFgv9AAIgIEAAAD7ggJA',
  'oOihxYEC5gDRAwArEVwUYABndn/QAA9gVZH8EgibKXXZm21MC9z2VMD+11//4oMIPQH/4Jx+Jx+HwG0Rxj4+z3nCSOptPcWQAHWh',
  'mqaY7oEBpZPxAQAqEYQUYABhYL/QACICBAAA+4ICk6BA9qFA0YEDOQCxBAArEOQAGAAf3nf0ABX7QntDTZBBkzv8SHjB5dJIupH7',
  'WvRM9WwA/uPr3/+CC6Ye1HPD/xEAfbm4i1PzgNJPScCtd+1wba7rHAGGDnniCziuOSfCgqByndhmNzqpyI+QOcti1fGHvJvdHdbd',
  'fhKXll2b+1qgIH+9631vC5VX/XviSHiZ2FeexU7Bm6Jkl2lMtSDyKWTvSSnYEj2DdSGUcXGJ31Gm29FFAD6iLtz60V2aRcBcXT++',
  'Dy0+DiICpozBYbIX44s7a2QUftsAdaGbppnugQGllBECACoRTAAYABhYL/QACICBAAAA+4IC5qBAvaFAmIEDjADRBAArENwAGAAe',
  'SM/0ABfxsv2YeoJQRqPzlzoRxcDargpI6XBzDp9vAP7j69//iHPFP3KbFP+cDIT0WW/LZ+P//ljiohuGfYEtArpFDCGG2IRQ1WsU',
  '5veyX12ON0FP+nelEt9/LrjEJtmIdIstdZxcRgTnDSGkDvYD/zlD+fWxxBjfR/CiT3SjxP2eagq6lBciYeQAdaGbppnugQGllBEC',
  'ACoRIAAYABhYL/QACICBAAAA+4IDOaBBA6FA3oED3wDxBQApEMQAGAVYDQzDhguOqAW0xNU4KXkbnA6/Z2T3BhvZ4+LIhveCpvaw',
  '3W3V5UvAAP7mv0//xvHpW9K2j//uhNmDNkQgRmgCQ8n0rFVfY8alooXvfCAHQdWXhRZBpKJD5EVIifhlT1A7qvYTtVT1a1SQs0kv',
  'G+lzxjQrU2lqSwp/mendaTGXsmCbiBtDKmAV4+r0hMa5ehf5j+I6f91lSEkysoHno0cdIbJ0OW3dQTvtYKxMg6Tooqun+QKHmLsj',
  'r6ESHRRHsbQUeqpWruyWj/EVXQBHMgHzQHWhm6aZ7oEBpZQRAgAqEPwAGAAYWC/0AAiAgQAAAPuCA4ygQOehQMKBBDIAcQUAKRC0',
  'ABgAHw2X9AAo2XQLU+L1r/vtcC3bycupRL5p1OYXCnhX7s059wZ7AP7oLF//yU/0Q+u7cN/4rsBNjr/ZWob9TOvhewqjLDmjPnlV',
  'JmgYlrghUV5wUnirZytrZVWHo2ZsNWWh0CyDHo+7pP0x4dmuJ0z4yKtFbF+ZnFALCstIs/zPZeZK7H+FeYWf73+I6f91uwkPiX/8',
  'd9wOaeeQvS4MeFk4LFgGGYfTTEtXMPRFomPuebBXq7CIAHWhm6aZ7oEBpZQRAgAqEOAAGAAYWC/0AAiAgQAAAPuCA9+gQPChQLeB',
  'BIUAcQUAKRCkABgAHq339AAnZ5Pq8b+BP5vGCP1/cfSV37XM+ejI0U+IhZrCvpiA+P7p42//5mj98n2G8gP/je+2JoBrANBX8t+Y',
  'gQSz6t2tZn8aBbZLTB0Tj/a16cHZTza8F1b/yANRUdmjAETq3wT85ySMmhV80qbn/p3pRLfyZieboL/3v8yif+f1F48OsqzCRFeF',
  '8Vh1JzSFyd6O5mtlrGkaPBY9QIe0u1fFoRXRk+GewAB1oa+mre6BAaWosQIAKhC4ABhvm/JX/V4BlzWXmgAiBBag0OOltVuX3M4C',
  'QQ5jrWAoAPuCBDKgQUWhQSCBBNgAEQYAKRCQABjdgjCeBIFp3kQF8j2VW7xGvcXzXnNyXFaRwEyl34KkUlgYx0d/YrHxtsYA/usv',
  '1//npn+if62/A//4txzuHmWFuzni+DDF2tngGH1t7mXPK3Os5tCunFKuZpBGyzvnmVW4jmEtpiAdovXlPNVpXzJCl2nGnYL6+gLH',
  '63EtuH24RhwMiJV5UshNXlSyE2XxBuvm/6d6qp8H9jP9ZeTbQa4l7YcQTa/6c85J1UwSH4v4fAlTnQvgEhelnenly7+O+n//q5+D',
  '32gbVVaTt90AAWPVsb1nt0C6BGqw0gCKZLCppBxUlxSHDqb3Iac0Ha4NICrrCSjbInLaUDKF4qg03M6cpScHX8lIQWBLdTUlwDhT',
  '/qGCOgB1oZumme6BAaWUEQIAKhCAABgAGFgv9AAIgIEAAAD7ggSFoEDPoUCqgQUrADEFACkQkAAYAB3SZz/oGYcxSkLfypkwMgwM',
  'COfpZgbmQLB68Wg8TUs/+D44/usv1//npn+if62/A//4txzuHkmz/+hWITkBWb9gXvILIf/KsfdWbgum2a1NSDSGDhnw6WfSvYmm',
  '8UnTPXRdb6jh+OYz8enKHDZMy1K+T86DLtKh+Q0Xcl7js0m/hN4igv/+fg9/1fONqf0X0bpnfUrc94qDw3N6EAB1oZumme6BAaWU',
  'EQIAKhB8ABgAGFgv9AAIgIEAAAD7ggTYoEDroUDGgQV+AFEFACsQgAAYB0gIIVp18wAf+EG7orpj4TXkszFDqtRUwFO3hI3zBj99',
  'A1/lAP7savf/6TZ8TZ8TZ+ml//wrCk2HabaCevGu4a+6gnhJgTPeshv/D6C6CFYHpqknkAsnTSgrngnfYh+MkgmwaNgYc5+znz8q',
  '+Xqb+HHL42mV//7APnaaAcg/P395Ufh9X//tH+WHvhDbv8biIK2xMKWybHkKuLpVBXqZ3b3JWcqCHhMd6pAv9Hiw7QdmGXk+lfay',
  'AHEAdaGbppnugQGllBECACoQYAAYABhYL/QACICBAAAA+4IFK6DvocuBBdEAcQQAKxFgFGAAZCaf0AANJrgfGSXy66PkymOzPTbj',
  'GkAQ3Ha28QD+11//4nI5hw5iwf/gnH4nH4trVWIgodbuSWt3wfPO0AB1oZumme6BAaWUEQIAKhBMABgAGFgv9AAIgIEAAAD7ggV+',
  'oED/oUDagQYkADEFACsQdAAYAB6sX/QAIs/S84+B4n7eS04n+myKSMAabAsymg34ELYMtKkA/u2LO//1wH5wH5wH+nZ//iz1B1nd',
  'ru+NbgxrDCi4c1XFUNK1Z12fIbALlW/1mYN1yDmhotUx9uMJLvj2EVlRU8iWhEf6JStxPi7CSR7Lmj/yD5+MBurp3fHKTi+jSRjp',
  '/OEb9aVSV2/GhskfBiftJgvnqGSTP0NyxUC/3/0tBB+bH3YJKsrCvnxaDoJ5CVEXLggJbtmKQpHicCixubFNTLB0GVeAcrajOoB1',
  'oZumme6BAaWUEQIAKhA4ABgAGFgv9AAIgIEAAAD7ggXRoEEDoUDfgQZ3AJEFACsQbAAYEGAgPVi+IDBFn6XirtbBk/Hz8A8IfMvn',
  'xBDZyHu3wtbM5XqCrKsA/u4F9//2Dv6Dv6Dv+13//xZ6g6zu9pBbFFoq3jsAbha5jAYyYzZ/iisgIHLk8y7dRK750gn3ZtgZUC/L',
  '8y0fQ1ehMvRNt/vacuaFuq9i0KEaCsSv5ZvOh2/R8v6ZbAjeNlNlbHe0PuTlCpf2caHMxcx3n7+8qPxBb/7j9fT9/30pt8N7tv7H',
  '6TDDg2KCZcKY88IcwLuCW/Wv6avA0kMjvhtM3WFOrgO57wvfYHWhmqaY7oEBpZPxAQAqEbgUYABhYL/QACICBAAA+4IGJKBBD6FA',
  '6oEGygBRBQArEGQAGAAf5F/0ACdiGiAfnCMhHFTtDCqKKgSRhh4tsabUnqTCYXApbTD+7qKr//aWf1LP6ln/TQ//yC+y3V22QIq7',
  'Bf+RlztbGJeTU1wLhvGg2BAEpc35jtvTIsnZUxKQUjFQlF81NPTC7+qqkJqkEWutI0onr2ks68188jbB7V/6VL+ZaJ/afNqZ7QCH',
  'mi0oeqLQ1p1dpBIWP64t1KOYcdO//9LnztEb+8n/efb9Hv4gt//w1/r/u6/+6E4qy0JLW3tOBSELGoHEPEp5v+pCy96LCLXRaVBA',
  'a/oTC20gG/AawHWhm6aZ7oEBpZQRAgAqECgAGAAYWC/0AAiAgQAAAPuCBnegQTuhQRaBBx0AUQUAKxBcABgAHqpn9AAddmW/YPVX',
  'l3i8hRMVuL3a4aEA6ZN3Uxwx6HnC/xQA/u78c//20P9aH+tD/24//+UrUVcXe9s4/hUIIeef1vEbvUlAwaaXETdqolQFOQHR95KN',
  'IrwG62MGpILXSzpsw+IdBtkptmg2YGNie+ZS5niZU7/m/9ZsxF+ugj//l68w/lBxt6J3NIdiy9ZTHWJC453J+nFcowfprz68+a+W',
  'bPS4lqCRHlT///S587TKP96MX6iRfaR/WB5//8Yv7exWgfyRheP0ToHFB6+zWR5+l8ecTG/2T4JbM4x+BcZdltMCK9ljErm0COZi',
  'I6QGJ7EAOUTNm+oeCDwp3lJ2JxzfAaYpH0RQAHWhm6aZ7oEBpZQRAgAqEBwAGAAYWC/0AAiAgQAAAPuCBsqgQQahQOGBB3AAsQUA',
  'KxBcABjsKxPEgTc9m4YBPjkU48a7H7E93RhGYggUJu15882LfI6m1rVfVI4A/u78c//20P9aH+tD/24//+UrUVcXe+6Ot5pXL+Cy',
  '5FoYMZ5a7AeVrhIOxCzXCM2C/8v/y5k8/GcKQDMcZSquqhlzdO/ORcyXZ00GXSf/YfaFwru9FN8U+DOyE0RFUv45Ij/9w15pOfkS',
  'yXB2ZCRK6/sNzwEQ3QTbH57LPuo92pX//v//R48z30pt8MOzWS31NnFKqQyxVIBjR0/0TZL8qlgRFgsiTAj3DtCuYAB1oZumme6B',
  'AaWUEQIAKhAUABgAGFgv9AAIgIEAAAD7ggcdoED9oUDYgQfDABEFACsQVAAYECAgPVAer9AtjgVghBKvocxOO74EqI/CAMVcyv/G',
  '32lzpAD+73QV//cHH2Dj7Bx/nX//5gmcbQ/N3JNlDkGsUNWG/RWRjx2obXDvhoky23agwsHO9Yv/t8Erby/PjUL5suBNiFRFrloq',
  'WWh5hqAlclzOsCSYbwD1yuDwegWI1yQvI9UFk2AgMKjCmdfoStn55cGd36Bef/8Nf7eMMXv5MHLi/bFT1IdthKX5DA3BZeMhTzFB',
  'A2qgzFKqXqybTrniK8khJPwESjd44FKAdaGbppnugQGllBECACoQDRAAwADCwX+gAEQECAAA+4IHcBxTu2uNu4uzgQC3hveBAfGB',
  '1A==',
].join('');

/** The product photos (id in SAMPLE_FILES → its picture: a background colour and a shape). */
const PRODUCT_PICTURES = {
  'goods-boots.svg': { background: '#fde68a', shape: '<path d="M70 40h50v70l50 20q20 8 20 30H70z" fill="#92400e"/>' },
  'goods-jacket.svg': { background: '#bfdbfe', shape: '<path d="M80 40l40-10 40 10 30 40-20 10v70H70V90L50 80z" fill="#1d4ed8"/>' },
  'goods-backpack.svg': {
    background: '#bbf7d0',
    shape: '<rect x="75" y="45" width="90" height="120" rx="24" fill="#15803d"/><rect x="95" y="110" width="50" height="35" rx="6" fill="#166534"/>',
  },
  'goods-bottle.svg': {
    background: '#e9d5ff',
    shape: '<rect x="100" y="30" width="40" height="20" rx="4" fill="#6b21a8"/><rect x="90" y="50" width="60" height="120" rx="14" fill="#9333ea"/>',
  },
} as const;

/** An SVG product photo, 240 × 200. */
function productSvg({ background, shape }: { background: string; shape: string }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="200" viewBox="0 0 240 200"><rect width="240" height="200" fill="${background}"/>${shape}</svg>`;
}

const utf8 = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
const base64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

/** The sample files by id (the id's suffix gives the served Content-Type). */
export const SAMPLE_FILES: Readonly<Record<string, StoredFile>> = {
  'showcase-photo.svg': { name: 'mountains.svg', bytes: utf8(PHOTO_SVG) },
  'showcase-voice.wav': { name: 'voice.wav', bytes: toneWav() },
  'showcase-size-guide.txt': { name: 'size-guide.txt', bytes: utf8(GUIDE) },
  'showcase-clip.webm': { name: 'clip.webm', bytes: base64(CLIP_WEBM) },
  // The goods cards' pictures (cards.ts).
  ...Object.fromEntries(Object.entries(PRODUCT_PICTURES).map(([id, picture]) => [id, { name: id, bytes: utf8(productSvg(picture)) }])),
};
