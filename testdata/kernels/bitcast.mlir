// sandjit-test: rtol=0 atol=0
// Bitcast, little-endian: f32 to i32 (NaN, Inf, -0 keep their bits) and to ui8 bytes (a new last axis of 4);
// ui8 quadruples to f32 (random bytes, NaNs among them), to i8 (same size, signedness changes) and to ui32;
// i64 to i16 quarters, ui32 halves and f64; i16 pairs to i32; f64 to ui64 and to i8 bytes. Dynamic leading dims,
// empty in case 2.
func.func @test(%x: tensor<?x3xf32>, %u: tensor<?x4xui8>, %z: tensor<?xi64>, %h: tensor<?x2xi16>, %d: tensor<?xf64>) -> (tensor<?x3xi32>, tensor<?x3x4xui8>, tensor<?xf32>, tensor<?x4xi8>, tensor<?x4xi16>, tensor<?x2xui32>, tensor<?xf64>, tensor<?xi32>, tensor<?xui64>, tensor<?x8xi8>, tensor<?xui32>) {
  %0 = "tf.Bitcast"(%x) {device = ""} : (tensor<?x3xf32>) -> tensor<?x3xi32>
  %1 = "tf.Bitcast"(%x) {type = ui8} : (tensor<?x3xf32>) -> tensor<?x3x4xui8>
  %2 = "tf.Bitcast"(%u) : (tensor<?x4xui8>) -> tensor<?xf32>
  %3 = "tf.Bitcast"(%u) : (tensor<?x4xui8>) -> tensor<?x4xi8>
  %4 = "tf.Bitcast"(%z) : (tensor<?xi64>) -> tensor<?x4xi16>
  %5 = "tf.Bitcast"(%z) : (tensor<?xi64>) -> tensor<?x2xui32>
  %6 = "tf.Bitcast"(%z) : (tensor<?xi64>) -> tensor<?xf64>
  %7 = "tf.Bitcast"(%h) : (tensor<?x2xi16>) -> tensor<?xi32>
  %8 = "tf.Bitcast"(%d) : (tensor<?xf64>) -> tensor<?xui64>
  %9 = "tf.Bitcast"(%d) : (tensor<?xf64>) -> tensor<?x8xi8>
  %10 = "tf.Bitcast"(%u) : (tensor<?x4xui8>) -> tensor<?xui32>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<?x3xi32>, tensor<?x3x4xui8>, tensor<?xf32>, tensor<?x4xi8>, tensor<?x4xi16>, tensor<?x2xui32>, tensor<?xf64>, tensor<?xi32>, tensor<?xui64>, tensor<?x8xi8>, tensor<?xui32>
}
