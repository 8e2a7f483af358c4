// An exported complex pipeline as TF's MLIR printer writes it (issue 14): a batch of 8-bin spectra filtered by a
// complex<f32> tf.Const, reshaped to [batch, 2, 4] with a shape built from tf.Shape, tf.StridedSlice and tf.Pack,
// transposed, joined with its conjugate by tf.ConcatV2 on axis -1, scaled by a complex splat, and returned
// through tf.Identity with its magnitude; {device = ""} attributes, tf.entry_function, loc trailers.
module attributes {tf.versions = {bad_consumers = [], min_consumer = 12 : i32, producer = 1395 : i32}} {
  func.func @main(%arg0: tensor<?x8xcomplex<f32>> {tf._user_specified_name = "spectrum"} loc("spectrum")) -> (tensor<?x4x4xcomplex<f32>>, tensor<?x4x4xf32>) attributes {tf.entry_function = {control_outputs = "", inputs = "spectrum", outputs = "Identity,Identity_1"}} {
    %cst = "tf.Const"() {device = "", value = dense<[(1.000000e+00,0.000000e+00), (7.071068e-01,-7.071068e-01), (0.000000e+00,-1.000000e+00), (-7.071068e-01,-7.071068e-01), (-1.000000e+00,0.000000e+00), (-7.071068e-01,7.071068e-01), (0.000000e+00,1.000000e+00), (7.071068e-01,7.071068e-01)]> : tensor<8xcomplex<f32>>} : () -> tensor<8xcomplex<f32>> loc("filter/taps")
    %cst_0 = "tf.Const"() {device = "", value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
    %cst_1 = "tf.Const"() {device = "", value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
    %cst_2 = "tf.Const"() {device = "", value = dense<2> : tensor<i32>} : () -> tensor<i32>
    %cst_3 = "tf.Const"() {device = "", value = dense<4> : tensor<i32>} : () -> tensor<i32>
    %cst_4 = "tf.Const"() {device = "", value = dense<[0, 2, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
    %cst_5 = "tf.Const"() {device = "", value = dense<-1> : tensor<i32>} : () -> tensor<i32>
    %cst_6 = "tf.Const"() {device = "", value = dense<(5.000000e-01,0.000000e+00)> : tensor<complex<f32>>} : () -> tensor<complex<f32>>
    %0 = "tf.Mul"(%arg0, %cst) {device = ""} : (tensor<?x8xcomplex<f32>>, tensor<8xcomplex<f32>>) -> tensor<?x8xcomplex<f32>> loc("filter/mul")
    %1 = "tf.Shape"(%0) {device = ""} : (tensor<?x8xcomplex<f32>>) -> tensor<2xi32> loc("reshape/Shape")
    %2 = "tf.StridedSlice"(%1, %cst_0, %cst_1, %cst_1) {begin_mask = 0 : i64, device = "", ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<i32> loc("reshape/strided_slice")
    %3 = "tf.Pack"(%2, %cst_2, %cst_3) {axis = 0 : i64, device = ""} : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<3xi32> loc("reshape/shape")
    %4 = "tf.Reshape"(%0, %3) {device = ""} : (tensor<?x8xcomplex<f32>>, tensor<3xi32>) -> tensor<?x2x4xcomplex<f32>> loc("reshape/Reshape")
    %5 = "tf.Transpose"(%4, %cst_4) {device = ""} : (tensor<?x2x4xcomplex<f32>>, tensor<3xi32>) -> tensor<?x4x2xcomplex<f32>> loc("transpose")
    %6 = "tf.Conj"(%5) {device = ""} : (tensor<?x4x2xcomplex<f32>>) -> tensor<?x4x2xcomplex<f32>> loc("conj")
    %7 = "tf.ConcatV2"(%5, %6, %cst_5) {device = ""} : (tensor<?x4x2xcomplex<f32>>, tensor<?x4x2xcomplex<f32>>, tensor<i32>) -> tensor<?x4x4xcomplex<f32>> loc("concat")
    %8 = "tf.Mul"(%7, %cst_6) {device = ""} : (tensor<?x4x4xcomplex<f32>>, tensor<complex<f32>>) -> tensor<?x4x4xcomplex<f32>> loc("scale")
    %9 = "tf.ComplexAbs"(%8) {Tout = f32, device = ""} : (tensor<?x4x4xcomplex<f32>>) -> tensor<?x4x4xf32> loc("magnitude")
    %10 = "tf.Identity"(%8) {device = ""} : (tensor<?x4x4xcomplex<f32>>) -> tensor<?x4x4xcomplex<f32>> loc("Identity")
    %11 = "tf.Identity"(%9) {device = ""} : (tensor<?x4x4xf32>) -> tensor<?x4x4xf32> loc("Identity_1")
    return %10, %11 : tensor<?x4x4xcomplex<f32>>, tensor<?x4x4xf32> loc(unknown)
  } loc(unknown)
} loc(unknown)
