// sandjit-test: rtol=1e-5 atol=1e-6
// Layer norm over the last axis: (x - mean) * rsqrt(var + eps) * gamma + beta.
func.func @test(%arg0: tensor<?x?xf32> {cpurt.constraint = "rank", python_test_attrs.static_type = tensor<7x13xf32>}, %arg1: tensor<?xf32> {python_test_attrs.static_type = tensor<13xf32>}, %arg2: tensor<?xf32> {python_test_attrs.static_type = tensor<13xf32>}) -> tensor<?x?xf32> {
  %axis = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %eps = "tf.Const"() {value = dense<9.99999974E-6> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.Mean"(%arg0, %axis) {device = "", keep_dims = true} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?x1xf32>
  %1 = "tf.Sub"(%arg0, %0) {device = ""} : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %2 = "tf.Square"(%1) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "tf.Mean"(%2, %axis) {device = "", keep_dims = true} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?x1xf32>
  %4 = "tf.AddV2"(%3, %eps) {device = ""} : (tensor<?x1xf32>, tensor<f32>) -> tensor<?x1xf32>
  %5 = "tf.Rsqrt"(%4) {device = ""} : (tensor<?x1xf32>) -> tensor<?x1xf32>
  %6 = "tf.Mul"(%1, %5) {device = ""} : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %7 = "tf.Mul"(%6, %arg1) {device = ""} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %8 = "tf.AddV2"(%7, %arg2) {device = ""} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  func.return %8 : tensor<?x?xf32>
}
