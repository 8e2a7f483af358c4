// sandjit-test: rtol=1e-5 atol=1e-6
// NaN from Sqrt of negatives flows through Maximum; the second result stays finite.
func.func @test(%V__0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<9x11xf32>}, %V__1: tensor<?x?xf32> {python_test_attrs.static_type = tensor<9x11xf32>}) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %one = "tf.Const"() {value = dense<1.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %dims = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.Greater"(%V__0, %V__1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xi1>
  %1 = "tf.Select"(%0, %V__0, %V__1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xi1>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.Neg"(%1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "tf.Sqrt"(%2) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %4 = "tf.Abs"(%1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %5 = "tf.AddV2"(%4, %one) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %6 = "tf.Rsqrt"(%5) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %7 = "tf.Maximum"(%3, %6) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %8 = "tf.Mul"(%6, %4) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %9 = "tf.Sum"(%8, %dims) {keep_dims = false, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  func.return %7, %9 : tensor<?x?xf32>, tensor<?xf32>
}
