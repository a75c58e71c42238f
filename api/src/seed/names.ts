/** Realistic German and Austrian names and streets for demo and benchmark data. */

export const FEMALE_FIRST_NAMES = [
  'Anna', 'Lena', 'Sophie', 'Laura', 'Lea', 'Hannah', 'Sarah', 'Julia', 'Katharina', 'Johanna',
  'Marie', 'Emma', 'Mia', 'Valentina', 'Magdalena', 'Elena', 'Theresa', 'Clara', 'Emilia', 'Lisa',
  'Nina', 'Verena', 'Sabine', 'Andrea', 'Claudia', 'Barbara', 'Elisabeth', 'Christina', 'Martina',
  'Stefanie', 'Franziska', 'Paula', 'Ida', 'Lina', 'Marlene', 'Leonie', 'Amelie', 'Charlotte',
  'Helena', 'Greta',
] as const;

export const MALE_FIRST_NAMES = [
  'Lukas', 'Maximilian', 'Jakob', 'David', 'Tobias', 'Paul', 'Jonas', 'Felix', 'Elias', 'Alexander',
  'Leon', 'Simon', 'Sebastian', 'Julian', 'Florian', 'Fabian', 'Moritz', 'Niklas', 'Noah', 'Valentin',
  'Stefan', 'Michael', 'Thomas', 'Andreas', 'Markus', 'Christian', 'Martin', 'Daniel', 'Wolfgang',
  'Georg', 'Matthias', 'Johannes', 'Benedikt', 'Konstantin', 'Ferdinand', 'Anton', 'Emil', 'Ben',
  'Finn', 'Theo',
] as const;

export const LAST_NAMES = [
  'Gruber', 'Huber', 'Bauer', 'Wagner', 'Müller', 'Pichler', 'Steiner', 'Moser', 'Mayer', 'Hofer',
  'Leitner', 'Berger', 'Fuchs', 'Eder', 'Fischer', 'Schmid', 'Winkler', 'Weber', 'Schwarz', 'Maier',
  'Schneider', 'Reiter', 'Mayr', 'Schmidt', 'Wimmer', 'Egger', 'Brunner', 'Lang', 'Baumgartner',
  'Auer', 'Binder', 'Lechner', 'Wolf', 'Wallner', 'Aigner', 'Ebner', 'Koller', 'Lehner', 'Haas',
  'Schuster', 'Meyer', 'Becker', 'Hoffmann', 'Schulz', 'Koch', 'Richter', 'Klein', 'Schröder',
  'Neumann', 'Zimmermann', 'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Werner', 'Krause',
  'Lehmann', 'Köhler', 'Herrmann', 'König', 'Walter', 'Kaiser', 'Peters', 'Scholz', 'Möller',
  'Weiß', 'Jung', 'Hahn', 'Vogel', 'Friedrich', 'Keller', 'Günther', 'Frank', 'Roth', 'Beck',
  'Lorenz', 'Baumann', 'Albrecht', 'Ludwig', 'Winter', 'Simon', 'Kraus', 'Böhm', 'Vogt', 'Sommer',
  'Stein', 'Jäger', 'Groß', 'Seidel', 'Brandt', 'Graf', 'Ziegler', 'Kühn', 'Pohl', 'Engel', 'Horn',
  'Bergmann', 'Pfeiffer', 'Strobl', 'Hölzl', 'Kofler', 'Pirker', 'Oberhauser',
] as const;

/** A city of a school with real street names and zip codes near it. */
export interface CityStreets {
  city: string;
  zips: readonly string[];
  streets: readonly string[];
  /** Centre of the area students live in, for map coordinates. */
  lat: number;
  long: number;
}

export const CITIES: Record<'wien' | 'graz' | 'muenchen' | 'berlin', CityStreets> = {
  wien: {
    city: 'Wien', lat: 48.2065, long: 16.3845,
    zips: ['1010', '1020', '1030', '1040', '1050', '1060', '1070', '1080', '1090', '1110'],
    streets: ['Landstraßer Hauptstraße', 'Rennweg', 'Ungargasse', 'Radetzkystraße', 'Praterstraße',
      'Wiedner Hauptstraße', 'Mariahilfer Straße', 'Josefstädter Straße', 'Alser Straße', 'Simmeringer Hauptstraße',
      'Taborstraße', 'Margaretenstraße', 'Neubaugasse', 'Favoritenstraße'],
  },
  graz: {
    city: 'Graz', lat: 47.0707, long: 15.4395,
    zips: ['8010', '8020', '8036', '8041', '8042', '8045', '8051', '8053'],
    streets: ['Annenstraße', 'Herrengasse', 'Sporgasse', 'Leonhardstraße', 'Elisabethstraße',
      'Keplerstraße', 'Lendplatz', 'Conrad-von-Hötzendorf-Straße', 'Kärntner Straße', 'Wiener Straße',
      'Grabenstraße', 'Merangasse'],
  },
  muenchen: {
    city: 'München', lat: 48.1374, long: 11.5755,
    zips: ['80331', '80333', '80469', '80637', '80796', '80802', '81369', '81541', '81667', '81675'],
    streets: ['Leopoldstraße', 'Schleißheimer Straße', 'Lindwurmstraße', 'Rosenheimer Straße',
      'Nymphenburger Straße', 'Sendlinger Straße', 'Ungererstraße', 'Belgradstraße', 'Tegernseer Landstraße',
      'Wörthstraße', 'Dachauer Straße', 'Fraunhoferstraße'],
  },
  berlin: {
    city: 'Berlin', lat: 52.5300, long: 13.4050,
    zips: ['10115', '10119', '10243', '10245', '10405', '10435', '10437', '10961', '12043', '12047'],
    streets: ['Kastanienallee', 'Schönhauser Allee', 'Torstraße', 'Invalidenstraße', 'Oderberger Straße',
      'Prenzlauer Allee', 'Warschauer Straße', 'Boxhagener Straße', 'Bergmannstraße', 'Sonnenallee',
      'Karl-Marx-Straße', 'Greifswalder Straße'],
  },
};
