// `stopword` ships no type declarations; these are the only parts we use.
declare module 'stopword' {
  export const eng: string[];
  export const fra: string[];
  export const deu: string[];
  export const spa: string[];
  export const ita: string[];
  export const por: string[];
  export const nld: string[];
  export const swe: string[];
  export const dan: string[];
  export const nob: string[];
  export const fin: string[];
  export const pol: string[];
  export const ces: string[];
  export const ron: string[];
  export const hun: string[];
  export const cat: string[];
  export const tur: string[];
  export const ind: string[];
}
