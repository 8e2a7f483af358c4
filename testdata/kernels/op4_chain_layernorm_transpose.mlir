// Layer norm over the channels of a [B, T, 16] tensor done on a Reshape to [-1, 16], Reshape back to
// tf.Shape of the input, Transpose to [T, B, 16]; inputs up to +-1e4.
func.func @test(%arg0: tensor<?x?x16xf32>, %arg1: tensor<16xf32>, %arg2: tensor<16xf32>) -> tensor<?x?x16xf32> {
  %cst = "tf.Const"() {value = dense<[-1, 16]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Reshape"(%arg0, %cst) {device = ""} : (tensor<?x?x16xf32>, tensor<2xi32>) -> tensor<?x16xf32>
  %cst_0 = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tf.Mean"(%0, %cst_0) {device = "", keep_dims = true} : (tensor<?x16xf32>, tensor<1xi32>) -> tensor<?x1xf32>
  %2 = "tf.Sub"(%0, %1) {device = ""} : (tensor<?x16xf32>, tensor<?x1xf32>) -> tensor<?x16xf32>
  %3 = "tf.Square"(%2) {device = ""} : (tensor<?x16xf32>) -> tensor<?x16xf32>
  %4 = "tf.Mean"(%3, %cst_0) {device = "", keep_dims = true} : (tensor<?x16xf32>, tensor<1xi32>) -> tensor<?x1xf32>
  %cst_1 = "tf.Const"() {value = dense<9.99999974E-6> : tensor<f32>} : () -> tensor<f32>
  %5 = "tf.AddV2"(%4, %cst_1) {device = ""} : (tensor<?x1xf32>, tensor<f32>) -> tensor<?x1xf32>
  %6 = "tf.Rsqrt"(%5) {device = ""} : (tensor<?x1xf32>) -> tensor<?x1xf32>
  %7 = "tf.Mul"(%2, %6) {device = ""} : (tensor<?x16xf32>, tensor<?x1xf32>) -> tensor<?x16xf32>
  %8 = "tf.Mul"(%7, %arg1) {device = ""} : (tensor<?x16xf32>, tensor<16xf32>) -> tensor<?x16xf32>
  %9 = "tf.AddV2"(%8, %arg2) {device = ""} : (tensor<?x16xf32>, tensor<16xf32>) -> tensor<?x16xf32>
  %10 = "tf.Shape"(%arg0) {device = ""} : (tensor<?x?x16xf32>) -> tensor<3xi32>
  %11 = "tf.Reshape"(%9, %10) {device = ""} : (tensor<?x16xf32>, tensor<3xi32>) -> tensor<?x?x16xf32>
  %cst_2 = "tf.Const"() {value = dense<[1, 0, 2]> : tensor<3xi32>} : () -> tensor<3xi32>
  %12 = "tf.Transpose"(%11, %cst_2) {device = ""} : (tensor<?x?x16xf32>, tensor<3xi32>) -> tensor<?x?x16xf32>
  func.return %12 : tensor<?x?x16xf32>
}
