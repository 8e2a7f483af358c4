// sandjit-test: rtol=1e-5 atol=1e-6
// A long elementwise chain with a rank-0 scale, a per-channel bias and constant operands.
func.func @test(%arg0: tensor<?x?x?xf32> {python_test_attrs.static_type = tensor<2x5x7xf32>}, %arg1: tensor<?xf32> {python_test_attrs.static_type = tensor<7xf32>}, %arg2: tensor<f32> {python_test_attrs.static_type = tensor<f32>}) -> tensor<?x?x?xf32> {
  %half = "tf.Const"() {value = dense<5.000000e-01> : tensor<f32>} : () -> tensor<f32>
  %floor = "tf.Const"() {value = dense<[1.000000e-01, 2.000000e-01, 3.000000e-01, 4.000000e-01, 5.000000e-01, 6.000000e-01, 7.000000e-01]> : tensor<7xf32>} : () -> tensor<7xf32>
  %0 = "tf.Mul"(%arg0, %arg2) {device = ""} : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?x?xf32>
  %1 = "tf.AddV2"(%0, %arg1) {device = ""} : (tensor<?x?x?xf32>, tensor<?xf32>) -> tensor<?x?x?xf32>
  %2 = "tf.Tanh"(%1) {device = ""} : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %3 = "tf.Mul"(%2, %half) {device = ""} : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?x?xf32>
  %4 = "tf.AddV2"(%3, %half) {device = ""} : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?x?xf32>
  %5 = "tf.Maximum"(%4, %floor) {device = ""} : (tensor<?x?x?xf32>, tensor<7xf32>) -> tensor<?x?x?xf32>
  %6 = "tf.Mul"(%5, %arg0) {device = ""} : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %7 = "tf.SquaredDifference"(%6, %arg1) {device = ""} : (tensor<?x?x?xf32>, tensor<?xf32>) -> tensor<?x?x?xf32>
  func.return %7 : tensor<?x?x?xf32>
}
