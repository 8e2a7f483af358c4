// dense<...> constants: splat, nested lists, hex blobs (raw little-endian bytes), hex bit patterns for
// floats (single and in a list), i64 extremes, i1 lists, and the properties syntax <{value = ...}>.
func.func @test(%arg0: tensor<2x3xf32>, %arg1: tensor<4xui8>, %arg2: tensor<f64>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<3xi64>, tensor<2x2xi1>, tensor<4xui8>, tensor<f64>, tensor<2xf32>) {
  %splat = "tf.Const"() {value = dense<1.500000e+00> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %nested = "tf.Const"() {value = dense<[[1.000000e+00, -2.000000e+00, 3.500000e+00], [0.000000e+00, -0.000000e+00, 1.000000e+10]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %blob = "tf.Const"() {value = dense<"0x0000803F000000C00000C07F"> : tensor<3xf32>} : () -> tensor<3xf32>
  %pi = "tf.Const"() {value = dense<0x40490FDB> : tensor<f32>} : () -> tensor<f32>
  %i64 = "tf.Const"() <{value = dense<[-9223372036854775808, 0, 9223372036854775807]> : tensor<3xi64>}> : () -> tensor<3xi64>
  %bools = "tf.Const"() <{value = dense<[[true, false], [false, true]]> : tensor<2x2xi1>}> {device = ""} : () -> tensor<2x2xi1>
  %u8 = "tf.Const"() {value = dense<"0x00017FFF"> : tensor<4xui8>} : () -> tensor<4xui8>
  %e = "tf.Const"() {value = dense<0x4005BF0A8B145769> : tensor<f64>} : () -> tensor<f64>
  %bits = "tf.Const"() {value = dense<[0x7FC00000, 0xFF800000]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tf.AddV2"(%arg0, %splat) {device = ""} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "tf.Mul"(%nested, %blob) {device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %2 = "tf.Mul"(%1, %pi) {device = ""} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %3 = "tf.LogicalNot"(%bools) {device = ""} : (tensor<2x2xi1>) -> tensor<2x2xi1>
  %4 = "tf.BitwiseXor"(%arg1, %u8) {device = ""} : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %5 = "tf.Mul"(%arg2, %e) {device = ""} : (tensor<f64>, tensor<f64>) -> tensor<f64>
  %6 = "tf.Maximum"(%bits, %pi) {device = ""} : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  func.return %0, %2, %i64, %3, %4, %5, %6 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<3xi64>, tensor<2x2xi1>, tensor<4xui8>, tensor<f64>, tensor<2xf32>
}
