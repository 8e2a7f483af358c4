// Hex-form dense constants of f16, bf16 and i64 (MLIR prints dense<"0x..."> above a size limit and for
// these types in some exporters), used in arithmetic.
func.func @test(%arg0: tensor<4xf16>, %arg1: tensor<4xbf16>, %arg2: tensor<4xi64>) -> (tensor<4xf16>, tensor<4xbf16>, tensor<4xi64>) {
  %h = "tf.Const"() {device = "", value = dense<"0x003C0040003800BC"> : tensor<4xf16>} : () -> tensor<4xf16>
  %b = "tf.Const"() {device = "", value = dense<"0x803F0040003F80BF"> : tensor<4xbf16>} : () -> tensor<4xbf16>
  %i = "tf.Const"() {device = "", value = dense<"0x0100000000000000FEFFFFFFFFFFFFFF0300000000000000FFFFFFFFFFFFFF7F"> : tensor<4xi64>} : () -> tensor<4xi64>
  %0 = "tf.Mul"(%arg0, %h) {T = f16, device = ""} : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
  %1 = "tf.AddV2"(%arg1, %b) {T = bf16, device = ""} : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xbf16>
  %2 = "tf.BitwiseAnd"(%arg2, %i) {T = i64, device = ""} : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  func.return %0, %1, %2 : tensor<4xf16>, tensor<4xbf16>, tensor<4xi64>
}
