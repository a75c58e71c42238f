// apexcharts' feature entry points register themselves with apexcharts/core on import and
// export nothing the charts use; the package ships no declaration for them.
declare module 'apexcharts/features/legend';
