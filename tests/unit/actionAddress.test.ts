import { describe, expect, it } from 'vitest';
import { AddressError, mapAddressOf, objectOf, parseAddress, placeAddress, printAddress, randomIn, type ActionAddress } from '../../src/sim/world/actionAddress';

describe('action addresses', () => {
  const forms: [string, ActionAddress][] = [
    ['Hamlet', { kind: 'place', world: 'Hamlet', sector: null, arena: null, object: null }],
    ['Hamlet:Bramble Café', { kind: 'place', world: 'Hamlet', sector: 'Bramble Café', arena: null, object: null }],
    ['Hamlet:Bramble Café:café', { kind: 'place', world: 'Hamlet', sector: 'Bramble Café', arena: 'café', object: null }],
    ['Hamlet:Bramble Café:café:café table', { kind: 'place', world: 'Hamlet', sector: 'Bramble Café', arena: 'café', object: 'café table' }],
    ['Hamlet:Elm Street Apartments:lobby:<random>', { kind: 'random', place: { kind: 'place', world: 'Hamlet', sector: 'Elm Street Apartments', arena: 'lobby', object: null } }],
    ['Hamlet:Millbrook Park:<random>', { kind: 'random', place: { kind: 'place', world: 'Hamlet', sector: 'Millbrook Park', arena: null, object: null } }],
    ['<persona> Ana Moreno', { kind: 'persona', name: 'Ana Moreno' }],
    ['<waiting> 39 40', { kind: 'waiting', x: 39, y: 40 }],
    ['<tile> 0 7', { kind: 'tile', x: 0, y: 7 }],
  ];

  it.each(forms)('reads and writes %s', (text, address) => {
    expect(parseAddress(text)).toEqual(address);
    expect(printAddress(address)).toBe(text);
    expect(printAddress(parseAddress(text))).toBe(text);
  });

  it('builds the same values as the parser', () => {
    expect(placeAddress('Hamlet', 'Bramble Café', 'café')).toEqual(parseAddress('Hamlet:Bramble Café:café'));
    expect(randomIn(placeAddress('Hamlet', 'Bramble Café', 'café'))).toEqual(parseAddress('Hamlet:Bramble Café:café:<random>'));
    expect(randomIn(placeAddress('Hamlet', 'Bramble Café', 'café', 'stove'))).toEqual(parseAddress('Hamlet:Bramble Café:café:<random>'));
  });

  it('names the map address and the object of each form', () => {
    expect(mapAddressOf(parseAddress('Hamlet:Bramble Café:café:<random>'))).toEqual(parseAddress('Hamlet:Bramble Café:café'));
    expect(mapAddressOf(parseAddress('Hamlet:Bramble Café:café:stove'))).toEqual(parseAddress('Hamlet:Bramble Café:café:stove'));
    expect(mapAddressOf(parseAddress('<persona> Ana Moreno'))).toBeNull();
    expect(mapAddressOf(parseAddress('<waiting> 1 2'))).toBeNull();
    expect(objectOf(parseAddress('Hamlet:Bramble Café:café:stove'))).toBe('stove');
    expect(objectOf(parseAddress('Hamlet:Bramble Café:café:<random>'))).toBeNull();
  });

  it.each([
    ['', 'an empty address'],
    ['<persona>', '"<persona>" names no one'],
    ['<persona>   ', '"<persona>" names no one'],
    ['<waiting> 3', 'expected "<waiting> x y" with whole-number tile coordinates'],
    ['<waiting> a b', 'expected "<waiting> x y"'],
    ['<waiting> -1 4', 'expected "<waiting> x y"'],
    ['<tile> 1.5 2', 'expected "<tile> x y"'],
    ['<random>', '"<random>" comes last, after the place'],
    ['Hamlet:<random>:café', '"<random>" comes last, after the place'],
    ['Hamlet:Bramble Café:café:stove:<random>', '5 parts, at most 4'],
    ['<lounge> x', 'unknown form "<lounge>"'],
    ['Hamlet:Bramble Café:café:stove:left', '5 parts, at most 4'],
    ['Hamlet::café', 'part 2 is empty'],
    ['Hamlet:Bramble Café:', 'part 3 is empty'],
    ['Hamlet:<persona> Ana', 'part 2 "<persona> Ana" is not a name'],
  ])('refuses %j, saying what is wrong', (text, message) => {
    expect(() => parseAddress(text)).toThrow(AddressError);
    expect(() => parseAddress(text)).toThrow(message);
  });
});
