// sandjit-test: rtol=0 atol=0
// LinSpace as TF's kernel: step = (stop - start) / (num - 1) in the element type, value i = start + step·i
// (each operation rounded), the last value stop exactly, start alone for num = 1. f32 with num an argument the
// host reads before the run (1, 2, 7, 100 across the cases), f64 with a constant num of 5 (down to -1e300),
// and start = stop. Bit-exact: both sides round the same operations in the same order.
func.func @test(%a: tensor<f32>, %b: tensor<f32>, %n: tensor<i32> {jitrt.constraint = "value"}, %c: tensor<f64>, %d: tensor<f64>) -> (tensor<?xf32>, tensor<5xf64>, tensor<?xf32>) {
  %0 = "tf.LinSpace"(%a, %b, %n) {device = ""} : (tensor<f32>, tensor<f32>, tensor<i32>) -> tensor<?xf32>
  %five = "tf.Const"() {value = dense<5> : tensor<i64>} : () -> tensor<i64>
  %1 = "tf.LinSpace"(%c, %d, %five) {device = ""} : (tensor<f64>, tensor<f64>, tensor<i64>) -> tensor<5xf64>
  %2 = "tf.LinSpace"(%a, %a, %n) {device = ""} : (tensor<f32>, tensor<f32>, tensor<i32>) -> tensor<?xf32>
  func.return %0, %1, %2 : tensor<?xf32>, tensor<5xf64>, tensor<?xf32>
}
