// sandjit-test: rtol=1e-5 atol=1e-6
// log(|x| + 1) * y clipped to [-50, 50], then a row mean of squares; inputs up to +-10000, NaN and Inf.
func.func @test(%V__0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<8x13xf32>}, %V__1: tensor<?xf32> {python_test_attrs.static_type = tensor<13xf32>}) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %one = "tf.Const"() {value = dense<1.000000e+00> : tensor<f32>, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : () -> tensor<f32>
  %hi = "tf.Const"() {value = dense<5.000000e+01> : tensor<f32>, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : () -> tensor<f32>
  %lo = "tf.Const"() {value = dense<-5.000000e+01> : tensor<f32>, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : () -> tensor<f32>
  %dims = "tf.Const"() {value = dense<[1]> : tensor<1xi32>, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : () -> tensor<1xi32>
  %0 = "tf.Abs"(%V__0) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.AddV2"(%0, %one) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %2 = "tf.Log"(%1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "tf.Mul"(%2, %V__1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %4 = "tf.Minimum"(%3, %hi) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %5 = "tf.Maximum"(%4, %lo) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %6 = "tf.Square"(%5) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %7 = "tf.Mean"(%6, %dims) {keep_dims = false, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  func.return %5, %7 : tensor<?x?xf32>, tensor<?xf32>
}
